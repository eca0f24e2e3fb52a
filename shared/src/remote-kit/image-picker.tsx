import { useEffect, useId, useRef, useState } from 'react';
import './image-picker.css';

/** Image types the server accepts for uploads (it checks the magic bytes; the client checks the type). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest upload the server accepts (5 MB per file, modules/uploads of the server). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a chosen file was refused: a key of the `msg` catalogue and its interpolation values. */
export interface ImageRejection {
  key: 'file_type_invalid' | 'file_too_large';
  values?: Record<string, string>;
}

/**
 * The server's upload rules on the client: JPEG, PNG or WebP, at most 5 MB. Answers the refusal the
 * server would give (same catalogue key), or undefined when the file may be sent.
 */
export function checkImage(file: Pick<File, 'type' | 'size'>): ImageRejection | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: 'file_type_invalid' };
  if (file.size > MAX_IMAGE_BYTES) return { key: 'file_too_large', values: { max: '5 MB' } };
  return undefined;
}

export interface ImagePickerProps {
  /** Translated label ("Front of ID"). */
  label: string;
  /** Translated hint under the picker (accepted types, what the photo must show). */
  hint?: string;
  /** Translated text of the button while nothing is chosen ("Choose image"). */
  chooseLabel: string;
  /** Translated text of the button once an image is chosen ("Change image"; default: `chooseLabel`). */
  changeLabel?: string;
  /** Translated text of a button that takes the chosen image back ("Remove"); without it, none is shown. */
  removeLabel?: string;
  /** The chosen file (controlled). */
  file: File | undefined;
  /**
   * A new choice: the file when it passes {@link checkImage}, else `undefined` with the refusal so
   * the caller can show it inline (translated `msg:<key>` with its values); `undefined` alone when removed.
   */
  onChange: (file: File | undefined, rejection?: ImageRejection) => void;
  /** Translated inline error under the picker. */
  error?: string;
  /** Name of the file input (the multipart part the caller sends). */
  name?: string;
}

/** An object URL of the chosen image while it is chosen (none where the browser cannot make one). */
function usePreview(file: File | undefined): string | undefined {
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

/**
 * Picks one image for an upload (ID sides, deposit proof) with a preview, refusing what the server
 * would refuse (type, 5 MB) before anything is sent. The whole tile is the native file input's label,
 * so it is keyboard reachable, named for screen readers and at least a touch target high. With `removeLabel`, a
 * chosen image can be taken back.
 */
export function ImagePicker({
  label,
  hint,
  chooseLabel,
  changeLabel = chooseLabel,
  removeLabel,
  file,
  onChange,
  error,
  name,
}: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = usePreview(file);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const rejection = checkImage(chosen);
    if (rejection) onChange(undefined, rejection);
    else onChange(chosen);
    // The same file chosen again after a refusal still fires a change.
    if (inputRef.current) inputRef.current.value = '';
  };

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ds-image-picker', error ? 'ds-image-picker--error' : ''].filter(Boolean).join(' ')}>
      <span className="ds-image-picker__label" id={`${id}-label`}>
        {label}
      </span>
      <label className="ds-image-picker__tile" htmlFor={id}>
        {preview ? <img className="ds-image-picker__preview" src={preview} alt="" /> : null}
        <span className="ds-image-picker__text">
          {file ? <span className="ds-image-picker__file">{file.name}</span> : null}
          <span className="ds-image-picker__action">{file ? changeLabel : chooseLabel}</span>
        </span>
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="ds-image-picker__input"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {hint ? (
        <p id={`${id}-hint`} className="ds-image-picker__hint">
          {hint}
        </p>
      ) : null}
      {file && removeLabel ? (
        <button
          type="button"
          className="ds-button ds-button--ghost ds-image-picker__remove"
          onClick={() => onChange(undefined)}
        >
          {removeLabel}
        </button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ds-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
