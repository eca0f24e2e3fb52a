import { useSelector } from 'react-redux';
import { selectBusy, selectToast } from '../store/ui';
import type { RootState } from '../store/store';

/** The one toast (2000 ms, spec §9), announced politely to screen readers. */
export function Toast() {
  const toast = useSelector((s: RootState) => selectToast(s));
  return (
    <div className="sh-toast-region" role="status" aria-live="polite">
      {toast ? (
        <div key={toast.id} className="sh-toast">
          {toast.text}
        </div>
      ) : null}
    </div>
  );
}

/** The one global loading indicator, driven by the in-flight request counter. */
export function LoadingBar() {
  const busy = useSelector((s: RootState) => selectBusy(s));
  return (
    <div
      className={busy ? 'sh-loading sh-loading--on' : 'sh-loading'}
      aria-hidden="true"
      data-busy={busy ? '' : undefined}
    />
  );
}
