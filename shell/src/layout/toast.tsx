import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useSelector, useStore } from 'react-redux';
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

/**
 * Shows the in-flight request counter (requests started, none in flight) on an element by changing its DOM, never
 * by rendering. A request starting or ending during a screen's time-sliced render would otherwise change a selected
 * value of a component in that render (the loading bar, the frame's `aria-busy`), and React redoes such a render
 * synchronously from the start (it also re-rendered the whole frame on every change).
 */
export function useBusyOnDom<E extends HTMLElement>(
  ref: RefObject<E | null>,
  show: (element: E, busy: boolean) => void,
) {
  const store = useStore<RootState>();
  const shown = useRef(show);
  shown.current = show;
  useLayoutEffect(() => {
    let last: boolean | undefined;
    const update = () => {
      const busy = selectBusy(store.getState());
      if (busy === last || !ref.current) return;
      last = busy;
      shown.current(ref.current, busy);
    };
    update();
    return store.subscribe(update);
  }, [store, ref]);
}

/** The frame's `aria-busy` for useBusyOnDom. */
export const showAriaBusy = (element: HTMLElement, busy: boolean) =>
  busy ? element.setAttribute('aria-busy', 'true') : element.removeAttribute('aria-busy');

const showBar = (element: HTMLElement, busy: boolean) => {
  element.classList.toggle('sh-loading--on', busy);
  element.toggleAttribute('data-busy', busy);
};

/** The one global loading indicator, driven by the in-flight request counter (without re-rendering). */
export function LoadingBar() {
  const bar = useRef<HTMLDivElement>(null);
  useBusyOnDom(bar, showBar);
  return <div ref={bar} className="sh-loading" aria-hidden="true" />;
}
