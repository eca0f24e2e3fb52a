import { useId } from 'react';
import { Link } from 'react-router';
import { ENDPOINTS } from 'shared/contract';
import { SelectField, useContractForm } from 'shared/remote-kit';
import { Field } from 'shared/ui';
import { APPROVALS_PATH, NAMESPACE, screenStyles, useRemoteTranslation } from '#lib';
import { useChangeCatalogueMutation, type CatalogueAnswer } from '../api/catalogue-api';
import type { ActionSpec, InputSpec, Row, Values } from '../model/catalogue-types';
import styles from './catalogues.module.css';

export interface CatalogueFormProps {
  action: ActionSpec;
  /** The row acted on (none for a create). */
  row?: Row;
  /** The screen's filter (the news language). */
  filter?: string;
  onDone: (answer: CatalogueAnswer, action: ActionSpec) => void;
  onCancel?: () => void;
}

const valuesOf = (action: ActionSpec, row: Row | undefined): Values =>
  action.form.valuesOf
    ? action.form.valuesOf(row)
    : Object.fromEntries(action.form.inputs.map((input) => [input.key, input.initial ?? '']));

/**
 * One action's form (the one form pattern, useContractForm): checked by the endpoint's request schema and the
 * catalogue's own rules, errors translated under their field; the server's refusal is shown above the buttons.
 */
export function CatalogueForm({ action, row, filter, onDone, onCancel }: CatalogueFormProps) {
  const { t, i18n } = useRemoteTranslation();
  const [change] = useChangeCatalogueMutation();
  const { form: spec } = action;
  const labels = Object.fromEntries(spec.inputs.map((input) => [input.key, labelOf(input)]));
  const toBody = (values: Values): Values => {
    const body: Values = { ...spec.extra?.(row, filter) };
    for (const input of spec.inputs) {
      const value = values[input.key] ?? '';
      if (!(input.optional && value.trim() === '')) body[input.key] = value;
    }
    return body;
  };
  const form = useContractForm<Values, Values>({
    endpoint: ENDPOINTS[spec.endpoint],
    defaultValues: valuesOf(action, row),
    toBody,
    send: (body) => change({ name: spec.endpoint, body }),
    onSuccess: (data) => onDone(data as CatalogueAnswer, action),
    ...(spec.rules ? { rules: spec.rules } : {}),
    labels,
    namespace: NAMESPACE,
  });
  const refusal = form.refusal;
  const pendingId = refusal?.msg === 'four_eyes_pending_exists' ? Number(refusal.values?.id) : 0;
  const title = t(`catalogue.action.${action.id}`);

  return (
    <form className={styles.form} aria-label={title} onSubmit={form.onSubmit} noValidate>
      {spec.inputs.map((input) => (
        <Input key={input.key} input={input} props={form.field(input.key)} />
      ))}
      {action.confirm ? <p className={screenStyles.muted}>{t(`catalogue.confirm.${action.id}`)}</p> : null}
      {refusal ? (
        <p className={screenStyles.noticeError} role="alert">
          {i18n.exists(`msg:${refusal.msg}`) ? t(`msg:${refusal.msg}`, { ...refusal.values }) : t('catalogue.failed')}
          {pendingId ? (
            <>
              {' '}
              <Link to={`${APPROVALS_PATH}?id=${pendingId}`}>{t('approvals.open')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <button
          type="submit"
          className={`ds-button ${action.tone === 'danger' ? 'ds-button--danger' : 'ds-button--primary'}`}
          disabled={form.busy}
        >
          {title}
        </button>
        {onCancel ? (
          <button type="button" className="ds-button ds-button--secondary" onClick={onCancel}>
            {t('catalogue.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

const labelOf = (input: InputSpec) => input.labelKey ?? `catalogue.field.${input.key}`;

type Registered = ReturnType<ReturnType<typeof useContractForm<Values, Values>>['field']>;

/** One input by its kind: a select of its options, a text area, a password or a text field. */
function Input({ input, props }: { input: InputSpec; props: Registered }) {
  const { t, i18n } = useRemoteTranslation();
  const id = useId();
  const label = t(labelOf(input));
  const hintKey = `catalogue.hint.${input.key}`;
  const hint =
    input.hint && i18n.exists(hintKey, { ns: NAMESPACE }) ? <p className={screenStyles.muted}>{t(hintKey)}</p> : null;
  const { error, ...register } = props;
  if (input.input === 'select') {
    const options = (input.options ?? []).map((value) => {
      const key = `${input.optionPrefix ?? 'catalogue.option'}.${value}`;
      return { value, label: i18n.exists(key, { ns: NAMESPACE }) ? t(key) : value };
    });
    return (
      <div className={styles.input}>
        <SelectField label={label} options={options} {...(error ? { error } : {})} {...register} />
        {hint}
      </div>
    );
  }
  if (input.input === 'textarea')
    return (
      <div className={styles.input}>
        <label htmlFor={id} className={screenStyles.label}>
          {label}
        </label>
        <textarea
          id={id}
          className={screenStyles.textarea}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register}
        />
        {error ? (
          <p id={`${id}-error`} className="ds-field__error" role="alert">
            {error}
          </p>
        ) : null}
        {hint}
      </div>
    );
  return (
    <div className={styles.input}>
      <Field
        label={label}
        type={input.input === 'password' ? 'password' : 'text'}
        autoComplete={input.input === 'password' ? 'new-password' : 'off'}
        {...(input.inputMode ? { inputMode: input.inputMode } : {})}
        {...(error ? { error } : {})}
        {...register}
      />
      {hint}
    </div>
  );
}
