import { useId, type SelectHTMLAttributes } from 'react';
import './remote-kit.css';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Translated label. */
  label: string;
  /** Translated inline error under the field. */
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled native select (shared/ui has no select yet), with an inline error like `Field`. */
export function SelectField({ label, error, options, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className="ds-select">
      <label className="ds-select__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="ds-select__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="ds-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
