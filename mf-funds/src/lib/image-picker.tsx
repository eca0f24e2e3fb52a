import { useEffect, useId, useState } from 'react';
import styles from './image-picker.module.css';

export interface ImagePickerProps {
  /** Translated label. */
  label: string;
  /** Translated hint under the label (formats, size). */
  hint?: string;
  /** Translated inline error. */
  error?: string;
  /** Translated text of the "choose" control and of the remove button. */
  chooseLabel: string;
  removeLabel: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  name?: string;
}

/**
 * An image upload field: a labelled file input (44 px target), a preview of the chosen image and a
 * remove button. The file stays in the caller's state until it is sent as a multipart part.
 */
export function ImagePicker({
  label,
  hint,
  error,
  chooseLabel,
  removeLabel,
  file,
  onChange,
  accept = 'image/png,image/jpeg,image/webp',
  name,
}: ImagePickerProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.picker}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.row}>
        <label className={styles.choose} htmlFor={id} aria-hidden="true">
          {chooseLabel}
        </label>
        <input
          id={id}
          name={name}
          className={styles.input}
          type="file"
          accept={accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        {file ? <span className={styles.fileName}>{file.name}</span> : null}
      </div>
      {file ? (
        <div className={styles.previewRow}>
          {preview ? <img className={styles.preview} src={preview} alt="" /> : null}
          <button type="button" className="ds-button ds-button--ghost" onClick={() => onChange(null)}>
            {removeLabel}
          </button>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
