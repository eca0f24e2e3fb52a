/**
 * Toasts (spec §9): one at a time, shown for {@link TOAST_MS}, cleared on 404/503 (spec §4). The
 * host decides how a toast is shown (the shell: its `ui` slice; the dev and test hosts: a list and
 * a listener); the HTTP client only needs this interface.
 */
export const TOAST_MS = 2000;

export interface Toaster {
  /** Shows `text` (already translated) for `ms` (default {@link TOAST_MS}), replacing any toast. */
  show: (text: string, ms?: number) => void;
  /** Clears the toast shown, if any. */
  clear: () => void;
}
