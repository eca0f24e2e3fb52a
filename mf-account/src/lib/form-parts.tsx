import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from 'shared/api';
import { readableValues } from 'shared/remote-kit';
import { Field, type FieldProps } from 'shared/ui';
import styles from './form-parts.module.css';

/** A password input with a show/hide toggle (a 44 px target) in the field's suffix. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'suffix'>) {
  const { t } = useTranslation('mf_account');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button type="button" className={styles.reveal} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? t('hidePassword') : t('showPassword')}
        </button>
      }
    />
  );
}

export interface CheckFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label content (may hold a link). */
  children: ReactNode;
  /** Translated inline error under the box. */
  error?: string;
  name?: string;
}

/** A required tick box (user agreement, privacy statement) with its inline error. */
export function CheckField({ checked, onChange, children, error, name }: CheckFieldProps) {
  const id = useId();
  return (
    <div className={styles.check}>
      <div className={styles.checkRow}>
        <input
          id={id}
          name={name}
          type="checkbox"
          className={styles.checkBox}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className={styles.checkLabel}>
          {children}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface FormRefusalProps {
  /** The form's refusal about no field (`useContractForm`'s `refusal`). */
  error: ApiError | undefined;
  className?: string;
  /** What follows the message (a link to the way out). */
  children?: ReactNode;
}

/**
 * A refusal about no field of the form, above its submit: the translated message and its values (an instant such as
 * the `until` of reset_too_frequent in the reader's date and time).
 */
export function FormRefusal({ error, className, children }: FormRefusalProps) {
  const { t, i18n } = useTranslation(['mf_account', 'msg']);
  if (!error) return null;
  const values = readableValues(error.values ?? {}, i18n.language);
  return (
    <p className={className} role="alert">
      {t(`msg:${error.msg}`, { field: error.field ?? '', status: error.status, ...values })}
      {children}
    </p>
  );
}
