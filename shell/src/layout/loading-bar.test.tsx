/**
 * The in-flight request counter shows on the loading bar and the frame's aria-busy by changing the DOM, not by
 * rendering: a request starting or ending during a screen's time-sliced render must not make React redo that render.
 */
import { act, render } from '@testing-library/react';
import { Profiler, useRef } from 'react';
import { Provider } from 'react-redux';
import { createShellStore } from '../store/store';
import { requestEnded, requestStarted } from '../store/ui';
import { LoadingBar, showAriaBusy, useBusyOnDom } from './toast';

function Frame({ onRender }: { onRender: () => void }) {
  const main = useRef<HTMLElement>(null);
  useBusyOnDom(main, showAriaBusy);
  return (
    <Profiler id="frame" onRender={onRender}>
      <LoadingBar />
      <main ref={main}>screen</main>
    </Profiler>
  );
}

describe('the loading bar and the frame busy state', () => {
  it('follow the requests in flight without re-rendering', () => {
    const { store } = createShellStore();
    const onRender = jest.fn();
    const view = render(
      <Provider store={store}>
        <Frame onRender={onRender} />
      </Provider>,
    );
    const bar = view.container.querySelector('.sh-loading')!;
    const main = view.container.querySelector('main')!;
    expect(bar).not.toHaveAttribute('data-busy');
    expect(main).not.toHaveAttribute('aria-busy');
    const renders = onRender.mock.calls.length;

    act(() => {
      store.dispatch(requestStarted());
      store.dispatch(requestStarted());
    });
    expect(bar).toHaveClass('sh-loading--on');
    expect(bar).toHaveAttribute('data-busy');
    expect(main).toHaveAttribute('aria-busy', 'true');
    act(() => void store.dispatch(requestEnded()));
    expect(bar).toHaveAttribute('data-busy');
    act(() => void store.dispatch(requestEnded()));
    expect(bar).not.toHaveClass('sh-loading--on');
    expect(bar).not.toHaveAttribute('data-busy');
    expect(main).not.toHaveAttribute('aria-busy');
    expect(onRender).toHaveBeenCalledTimes(renders);
  });
});
