/** Toasts: one at a time, shown for 2000 ms (spec §9), cleared on 404/503 (spec §4). */
import { toastCleared, toastShown } from '../store/ui';

export const TOAST_MS = 2000;

export interface Toaster {
  show: (text: string, ms?: number) => void;
  clear: () => void;
}

export function createToaster(dispatch: (action: unknown) => unknown): Toaster {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    show(text, ms = TOAST_MS) {
      const action = toastShown(text);
      dispatch(action);
      clearTimeout(timer);
      timer = setTimeout(() => dispatch(toastCleared(action.payload.id)), ms);
    },
    clear() {
      clearTimeout(timer);
      dispatch(toastCleared(undefined));
    },
  };
}
