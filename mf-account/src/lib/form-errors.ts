import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { refusalOf } from './http';
import { fieldErrors, type FieldError } from './validation';

export interface FormErrorsOptions<F extends string> {
  /** Each field's label key in this remote's namespace (for {{field}} of field_invalid). */
  labels: Record<F, string>;
  /**
   * Refusal keys that belong to a field when the answer names none (the shared mini host of the
   * tests passes no `field`; the shell does): card_exists → card_number, ...
   */
  keyFields?: Partial<Record<string, F>>;
}

/**
 * Inline errors of one form: the first client error per field (the contract's zod schema, so the
 * same keys the server answers) and a server refusal placed under the field it is about, or above
 * the submit when it is about no field. Texts come from the `msg` catalogue.
 */
export function useFormErrors<F extends string>({ labels, keyFields = {} }: FormErrorsOptions<F>) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const [errors, setErrors] = useState<Partial<Record<F, FieldError>>>({});
  const [formError, setFormError] = useState<FieldError>();
  const isField = (name: string | undefined): name is F => name !== undefined && name in labels;

  const text = (e: FieldError | undefined, field?: F) =>
    e
      ? t(`msg:${e.key}`, { ...e.values, field: field ? t(labels[field] as string) : (e.values?.field ?? '') })
      : undefined;

  return {
    /** Translated inline error of a field. */
    errorOf: (name: F) => text(errors[name], name),
    /** Translated error above the submit. */
    formErrorText: text(formError),
    formError,
    /** Clears every error (a new submit). */
    clear: () => {
      setErrors({});
      setFormError(undefined);
    },
    /** Sets (or clears) one field's error, e.g. a refused image choice. */
    setFieldError: (name: F, error: FieldError | undefined) => setErrors((all) => ({ ...all, [name]: error })),
    /**
     * Validates with a contract schema: the parsed data, or undefined after showing the errors.
     * `extra` adds errors of rules the schema leaves to the server (a field required in one mode).
     */
    validate: <S extends z.ZodTypeAny>(
      schema: S,
      input: unknown,
      extra: Partial<Record<F, FieldError>> = {},
    ): z.output<S> | undefined => {
      const parsed = schema.safeParse(input);
      const extraCount = Object.values(extra).filter(Boolean).length;
      if (parsed.success && extraCount === 0) {
        setErrors({});
        setFormError(undefined);
        return parsed.data as z.output<S>;
      }
      const all = parsed.success ? {} : fieldErrors(parsed.error);
      const own: Partial<Record<F, FieldError>> = { ...extra };
      let rest: FieldError | undefined;
      for (const [field, e] of Object.entries(all)) {
        if (isField(field)) own[field] ??= e;
        else rest ??= e;
      }
      setErrors(own);
      setFormError(rest);
      return undefined;
    },
    /** Shows a refused call's key under its field, else above the submit; answers the key. */
    refused: (error: unknown): string => {
      const refusal = refusalOf(error);
      const field = isField(refusal.field) ? refusal.field : keyFields[refusal.key];
      const e: FieldError = { key: refusal.key, values: refusal.values };
      if (field) {
        setErrors({ [field]: e } as Partial<Record<F, FieldError>>);
        setFormError(undefined);
      } else {
        setErrors({});
        setFormError(e);
      }
      return refusal.key;
    },
  };
}
