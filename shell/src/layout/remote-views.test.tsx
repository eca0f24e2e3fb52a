/**
 * index.html's early copy of the first screen's data (docs/decisions/0030-early-quote-from-html.md) stays while the
 * remote's loading placeholder shows, and goes once the screen has replaced it, or once the remote's fallback shows
 * instead.
 */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ServicesProvider, type ShellServices } from '../app/services';
import { RemoteScope, RemoteUnavailable } from './remote-views';

type PageWindow = Window & { __earlyQuoteDone?: () => void; __earlyAnswers?: unknown[] };

const LOADED = { status: 'loaded' };
const services = {
  loader: { subscribe: () => () => undefined, state: () => LOADED },
  retry: async () => undefined,
} as unknown as ShellServices;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

describe('RemoteScope and the early paint', () => {
  let container: HTMLElement;
  let root: Root;
  let released: number;
  beforeEach(() => {
    released = 0;
    (window as PageWindow).__earlyQuoteDone = () => void (released += 1);
    (window as PageWindow).__earlyAnswers = [{ path: '/stock/detail', request: {}, data: {} }];
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    delete (window as PageWindow).__earlyQuoteDone;
    delete (window as PageWindow).__earlyAnswers;
  });

  it('keeps it while the placeholder shows, releases it (and its answers) once the screen replaces it', async () => {
    const screen = deferred<{ Component: () => ReactElement }>();
    const router = createMemoryRouter(
      [
        {
          element: <RemoteScope name="mf_trade" />,
          children: [
            {
              path: '/quotes/info',
              lazy: () => screen.promise,
              hydrateFallbackElement: <div aria-busy="true">loading</div>,
            },
          ],
        },
      ],
      { initialEntries: ['/quotes/info?code=7203'] },
    );
    await act(async () =>
      root.render(
        <ServicesProvider value={services}>
          <RouterProvider router={router} />
        </ServicesProvider>,
      ),
    );
    expect(container.textContent).toBe('loading');
    expect(released).toBe(0);
    expect((window as PageWindow).__earlyAnswers).toHaveLength(1);

    await act(async () => screen.resolve({ Component: () => <p>the stock page</p> }));
    expect(container.textContent).toBe('the stock page');
    expect(released).toBe(1);
    expect((window as PageWindow).__earlyAnswers).toEqual([]);
  });

  it('releases it when the remote’s fallback shows instead of the screen', async () => {
    await act(async () =>
      root.render(
        <ServicesProvider value={services}>
          <RouterProvider
            router={createMemoryRouter([{ path: '*', element: <RemoteUnavailable name="mf_trade" /> }])}
          />
        </ServicesProvider>,
      ),
    );
    expect(container.querySelector('[data-remote-failed]')).not.toBeNull();
    expect(released).toBe(1);
  });
});
