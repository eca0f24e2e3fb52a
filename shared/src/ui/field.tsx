import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Translated label (forms have labels, never placeholder-only). */
  label: string;
  /** Translated inline error shown under the field. */
  error?: string;
  /** Content after the input (a unit, a show-password toggle). */
  suffix?: ReactNode;
}

export function Field({ label, error, suffix, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={['ds-field', error ? 'ds-field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="ds-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="ds-field__control">
        <input
          id={inputId}
          className="ds-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {suffix}
      </div>
      {error ? (
        <p id={errorId} className="ds-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
