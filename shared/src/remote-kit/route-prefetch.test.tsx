/**
 * @jest-environment jsdom
 *
 * A screen's prefetch runs as its route's loader: at the navigation, with the address's query, before the screen's
 * chunk has arrived; the navigation never waits for it, and a prefetch that throws changes nothing.
 */
// The web APIs React Router's data routers need (the web packages' setup; this package's tests run in node).
import '../test-utils/setup-dom';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';

const screenOf = (text: string): ComponentType =>
  function Named() {
    return <p>{text}</p>;
  };

async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

describe('createRemoteRoutes with a prefetch', () => {
  it('starts the requests with the query of the address while the screen is still loading', async () => {
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { createRemoteRoutes } = await import('./register');
    let arrive: (screen: ComponentType) => void = () => undefined;
    const detail = jest.fn(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    const prefetch = jest.fn<void, [URL]>();
    const routes = createRemoteRoutes(
      'mf_test',
      { '/list': async () => screenOf('list'), '/detail': detail },
      {},
      { '/detail': prefetch },
    );
    expect(routes.find((r) => r.path === '/list')!.loader).toBeUndefined();
    const router = createMemoryRouter(routes, { initialEntries: ['/list'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('list')).toBeInTheDocument();
    expect(prefetch).not.toHaveBeenCalled();

    await act(async () => {
      void router.navigate('/detail?code=7203&market=jpy');
    });
    await settle();
    expect(detail).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const url = prefetch.mock.calls[0]![0];
    expect(url.pathname).toBe('/detail');
    expect(url.searchParams.get('code')).toBe('7203');
    expect(url.searchParams.get('market')).toBe('jpy');
    // The screen's chunk has not arrived: the list is still shown.
    expect(screen.getByText('list')).toBeInTheDocument();

    await act(async () => arrive(screenOf('detail')));
    expect(await screen.findByText('detail')).toBeInTheDocument();
  });

  it('shows the screen when its prefetch throws', async () => {
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { createRemoteRoutes } = await import('./register');
    const routes = createRemoteRoutes(
      'mf_test',
      { '/detail': async () => screenOf('detail') },
      {},
      {
        '/detail': () => {
          throw new Error('no store yet');
        },
      },
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/detail?code=1'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('detail')).toBeInTheDocument();
  });
});
