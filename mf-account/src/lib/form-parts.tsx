import { useId, useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from 'shared/ui';
import styles from './form-parts.module.css';

/** The note under a submit whose server endpoint is not connected yet: says so plainly, submits nothing. */
export function SoonNote() {
  const { t } = useTranslation('mf_account');
  return (
    <p className={styles.soon} role="note">
      {t('soon')}
    </p>
  );
}

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

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled native select in the look of `Field`. */
export function SelectField({ label, options, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={styles.select}>
      <label className={styles.selectLabel} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className={styles.selectInput} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface ImagePickerProps {
  label: string;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
}

/** Picks one image (ID front/back); shows the chosen file's name. Uploading is the caller's job. */
export function ImagePicker({ label, file, onChange }: ImagePickerProps) {
  const { t } = useTranslation('mf_account');
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.pickerLabel}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className={styles.pickerInput}
        onChange={(event) => onChange(event.target.files?.[0])}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={styles.pickerHint}>
        {file ? t('verified.chosen', { file: file.name }) : t('verified.imageHint')}
      </p>
    </div>
  );
}
