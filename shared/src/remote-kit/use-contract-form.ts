/**
 * The one form pattern of the remotes: react-hook-form checked with the contract's request schema
 * (so a form says what the server would say, before sending), server refusals placed under the field
 * they are about (else returned as `refusal` for the remote's inline Refusal), the busy state of the
 * submission, and one Idempotency-Key per submission for money calls (renewed after a success and
 * whenever a value changes: a changed request is a new request, never a replay of the old answer).
 *
 *   const withdraw = useContractForm({
 *     endpoint: ENDPOINTS.withdraw,
 *     defaultValues: { amount: '', fund_password: '' },
 *     send: (body, idempotencyKey) => submit({ body, idempotencyKey }),
 *     onSuccess: () => host.toast('withdraw_success', { ns: 'msg' }),
 *   });
 *   <form onSubmit={withdraw.onSubmit} noValidate>
 *     <Field label={t('amount')} {...withdraw.field('amount')} />
 *     <Refusal error={withdraw.refusal} />
 *     <Button type="submit" busy={withdraw.busy}>…</Button>
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueRefusal, type IssueLike } from '../messages';
import type { ApiError } from '../api/base-query';
import { apiErrorOf, useIdempotencyKey } from './money-query';

/** One inline error: a key of the `msg` namespace and its placeholders. */
export interface FormFieldError {
  key: string;
  values?: Record<string, unknown>;
}

/** A schema the form is checked with (a contract request schema, or one derived from it). */
export interface FormSchema {
  safeParse: (input: unknown) => { success: true } | { success: false; error: { issues: readonly IssueLike[] } };
}

export interface ContractFormOptions<V extends FieldValues, B> {
  /** The contract entry the form submits to (shared/contract `ENDPOINTS.x`): its request schema checks the form. */
  endpoint?: { request: FormSchema };
  /** A schema to check with instead (the entry's, refined with a rule only this screen knows). */
  schema?: FormSchema;
  defaultValues: DefaultValues<V>;
  /** The body the schema checks and the call sends (default: the values themselves). */
  toBody?: (values: V) => B;
  /** Sends the body; a money call passes the submission's Idempotency-Key on. An RTK mutation's result. */
  send: (body: B, idempotencyKey: string) => Promise<{ data?: unknown; error?: unknown }>;
  /** After the server accepted the call. */
  onSuccess?: (data: unknown, values: V) => void;
  /** Rules the schema leaves to the server that this screen can check too (the balance, a minimum from config). */
  rules?: (values: V) => Partial<Record<Path<V>, FormFieldError | undefined>>;
  /** Label keys of the fields in `namespace`, for `{{field}}` of field_invalid. */
  labels?: Partial<Record<Path<V>, string>>;
  /** Refusal keys that belong to a field when the answer names none (card_exists → card_number). */
  keyFields?: Partial<Record<string, Path<V>>>;
  /** Namespace of the labels (the remote's federation name). */
  namespace?: string;
  /**
   * The values of a message as the user reads them (a price with its currency, grouped): applied to the values of
   * every inline error, the form's own and the server's, before they are put into the text.
   */
  readValues?: (values: Record<string, unknown>) => Record<string, unknown>;
}

export interface ContractForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Props of a `Field` / `SelectField`: the registered input and its translated inline error. */
  field: (name: Path<V>) => ReturnType<UseFormReturn<V>['register']> & { error?: string };
  /** The translated inline error of a field, if any. */
  errorOf: (name: Path<V>) => string | undefined;
  /** Submit handler of the `<form>`: checks, sends, places the answer. */
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** True while the submission is checked and in flight (the submit button shows busy). */
  busy: boolean;
  /** A refusal that is about no field of this form: show it above the submit with its way out. */
  refusal: ApiError | undefined;
}

type ErrorMap = Record<string, { type: string; message: string }>;

/** react-hook-form checked by a contract schema and the screen's own rules; refusals by field. */
export function useContractForm<V extends FieldValues, B = V>(options: ContractFormOptions<V, B>): ContractForm<V> {
  const { t } = useTranslation([options.namespace ?? 'common', 'msg']);
  const latest = useRef(options);
  latest.current = options;
  // i18next's typed `t` narrows keys to literals; the form's keys are data (labels, catalogue keys).
  const translate = useRef(t as unknown as (key: string, values?: Record<string, unknown>) => string);
  translate.current = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  const key = useIdempotencyKey();
  const renewKey = key.renew;
  const [refusal, setRefusal] = useState<ApiError>();

  const text = useCallback((name: string, error: FormFieldError): string => {
    const label = latest.current.labels?.[name as Path<V>];
    const field = label ? translate.current(label) : String(error.values?.field ?? name);
    const values = error.values && latest.current.readValues ? latest.current.readValues(error.values) : error.values;
    return translate.current(`msg:${error.key}`, { ...values, field });
  }, []);

  const resolver = useCallback<Resolver<V>>(
    async (values) => {
      const { endpoint, schema, toBody, rules } = latest.current;
      const check = schema ?? endpoint?.request;
      const body = toBody ? toBody(values) : values;
      const errors: ErrorMap = {};
      const parsed = check?.safeParse(body);
      if (parsed && !parsed.success) {
        for (const issue of parsed.error.issues) {
          const refused = issueRefusal(issue);
          const name = refused.field || 'root';
          errors[name] ??= { type: refused.key, message: text(name, refused) };
        }
      }
      for (const [name, error] of Object.entries(rules?.(values) ?? {}) as [string, FormFieldError | undefined][]) {
        if (error) errors[name] ??= { type: error.key, message: text(name, error) };
      }
      return Object.keys(errors).length > 0
        ? { values: {}, errors: errors as unknown as FieldErrors<V> }
        : { values, errors: {} };
    },
    [text],
  );

  const form = useForm<V>({ defaultValues: options.defaultValues, resolver, mode: 'onSubmit' });

  // A changed value makes a new request: it must not replay the answer of the previous key.
  useEffect(() => {
    const subscription = form.watch(() => renewKey());
    return () => subscription.unsubscribe();
  }, [form, renewKey]);

  const place = useCallback(
    (error: ApiError) => {
      const { keyFields } = latest.current;
      const values = form.getValues() as Record<string, unknown>;
      const named = error.field && error.field in values ? error.field : keyFields?.[error.msg];
      if (named) {
        form.setError(named as Path<V>, {
          type: error.msg,
          message: text(named, { key: error.msg, values: error.values }),
        });
        setRefusal(undefined);
      } else {
        setRefusal(error);
      }
    },
    [form, text],
  );

  const submit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const { toBody, send, onSuccess } = latest.current;
    const result = await send(toBody ? toBody(values) : (values as unknown as B), key.current());
    if (result.error !== undefined) {
      place(apiErrorOf(result.error) ?? { status: 0, kind: 'network', msg: 'network_error' });
      return;
    }
    key.renew();
    onSuccess?.(result.data, values);
  });

  const errorOf = (name: Path<V>): string | undefined => {
    const error = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  return {
    form,
    field: (name) => ({ ...form.register(name), error: errorOf(name) }),
    errorOf,
    onSubmit: (event) => submit(event),
    busy: form.formState.isSubmitting,
    refusal,
  };
}
