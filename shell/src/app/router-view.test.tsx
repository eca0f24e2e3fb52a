/**
 * The router's first state reaches the screen even when it arrives while the app's transition render is under way
 * (between RouterProvider's render and its subscription, while the shell's own subscriber keeps React Router from
 * buffering it): the race that left cold starts on an empty main.
 */
import { startTransition, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ShellRouter } from '../router/router';
import { RouterView } from './app';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** Resolves the router's pending loader while React is rendering: its continuation runs at React's next yield. */
function Release({ gate }: { gate: { resolve: () => void } }) {
  gate.resolve();
  return null;
}

/** Long enough for React to yield to the browser after it (its slice is 5 ms): microtasks run before the commit. */
function Slow() {
  const end = performance.now() + 15;
  while (performance.now() < end) {
    // busy: a slow component on a slow phone
  }
  return null;
}

const ACT = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('RouterView', () => {
  let container: HTMLElement;
  let root: Root;
  let actEnvironment: boolean | undefined;
  beforeEach(() => {
    // a real time-sliced transition (act() would render it in one go)
    actEnvironment = ACT.IS_REACT_ACT_ENVIRONMENT;
    ACT.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    root.unmount();
    container.remove();
    ACT.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  const startRouter = () => {
    const gate = deferred();
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => gate.promise.then(() => null),
        element: <p>the first screen</p>,
        hydrateFallbackElement: <p>fallback</p>,
      },
    ]);
    // The shell subscribes to the router itself (app/start.tsx: leaving a screen closes the panel). React Router
    // replays a state it set with no subscriber at all; with this one it does not, and RouterProvider alone misses it.
    router.subscribe(() => undefined);
    return { gate, router };
  };

  const renderInTransition = (view: (router: ShellRouter) => ReactElement) => {
    const { gate, router } = startRouter();
    startTransition(() =>
      root.render(
        <>
          {view(router as unknown as ShellRouter)}
          <Release gate={gate} />
          <Slow />
          <Slow />
        </>,
      ),
    );
    return router;
  };

  const settle = async (router: { state: { initialized: boolean } }) => {
    for (let i = 0; i < 100 && !(router.state.initialized && !container.textContent?.includes('fallback')); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('shows the first screen when the router is ready before the render commits', async () => {
    const router = renderInTransition((r) => <RouterView router={r} />);
    await settle(router);
    expect(router.state.initialized).toBe(true);
    expect(container.textContent).toBe('the first screen');
  });

  it('(the race itself) RouterProvider alone stays on the fallback', async () => {
    const router = renderInTransition((r) => <RouterProvider router={r} />);
    await settle(router);
    expect(router.state.initialized).toBe(true);
    expect(container.textContent).toBe('fallback');
  });
});
