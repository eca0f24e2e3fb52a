/** The shell's toaster: its `ui` slice shows one toast at a time for 2000 ms (shared/host-kit/toaster). */
import { TOAST_MS, type Toaster } from 'shared/host-kit/toaster';
import { toastCleared, toastShown } from '../store/ui';

export { TOAST_MS, type Toaster } from 'shared/host-kit/toaster';

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
