import { describe, expect, it, jest } from '@jest/globals';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { createMiniHost } from 'shared/test-utils';
import type { HostContext } from '../mf';
import { connectApi } from './connect-api';
import { createRegister, createRemoteRoutes } from './register';

const hasApiSlice = (ctx: HostContext) => 'api' in (ctx.store.getState() as Record<string, unknown>);

function remoteWith(load: () => Promise<ComponentType>) {
  return createRegister({
    name: 'mf_trade',
    version: '1.0.0',
    resources: {},
    setHost: () => undefined,
    routes: () => createRemoteRoutes('mf_trade', { '/home/index': load }),
  });
}

const Screen = () => null;

describe('createRegister and the shared API', () => {
  it('register leaves the API out; a route connects it while its screen loads, and resolves after both', async () => {
    const host = createMiniHost();
    let finish: (screen: ComponentType) => void = () => undefined;
    const load = jest.fn(() => new Promise<ComponentType>((resolve) => (finish = resolve)));
    const registration = await remoteWith(load)(host.ctx);
    expect(hasApiSlice(host.ctx)).toBe(false);

    const route = registration.routes[0]!;
    const pending = (route.lazy as () => Promise<{ Component?: unknown }>)();
    // the screen's chunks are asked for at once, not after the API's download
    expect(load).toHaveBeenCalledTimes(1);
    await connectApi(host.ctx);
    expect(hasApiSlice(host.ctx)).toBe(true);
    finish(Screen);
    expect((await pending).Component).toBe(Screen);
  });

  it('a route does not resolve before the API is connected', async () => {
    const host = createMiniHost();
    const registration = await remoteWith(() => Promise.resolve(Screen))(host.ctx);
    const loaded = await (registration.routes[0]!.lazy as () => Promise<{ Component?: unknown }>)();
    expect(loaded.Component).toBe(Screen);
    expect(hasApiSlice(host.ctx)).toBe(true);
  });

  it('connects once per host', async () => {
    const host = createMiniHost();
    const first = connectApi(host.ctx);
    expect(connectApi(host.ctx)).toBe(first);
    await first;
    const other = createMiniHost();
    expect(connectApi(other.ctx)).not.toBe(first);
    await connectApi(other.ctx);
  });
});

describe('a route start (createRemoteRoutes `starts`)', () => {
  const loaderArgs = (url: string) =>
    ({ request: new Request(url), params: {}, context: undefined }) as unknown as Parameters<
      Extract<NonNullable<RouteObject['loader']>, (...args: never[]) => unknown>
    >[0];

  function remoteWithStart(start: (url: URL) => unknown) {
    return createRegister({
      name: 'mf_trade',
      version: '1.0.0',
      resources: {},
      setHost: () => undefined,
      routes: () => {
        const screens = { '/quotes/info': () => Promise.resolve(Screen) };
        return createRemoteRoutes('mf_trade', screens, {}, { '/quotes/info': start });
      },
    });
  }

  it('is a loader answering at once that starts the requests with the address once the API is connected', async () => {
    const host = createMiniHost();
    const seen: Array<{ url: string; api: boolean }> = [];
    const registration = await remoteWithStart((url) => seen.push({ url: url.href, api: hasApiSlice(host.ctx) }))(
      host.ctx,
    );
    const loader = registration.routes[0]!.loader as (args: unknown) => unknown;
    expect(typeof loader).toBe('function');
    // answers null at once: the router never waits for the requests
    expect(loader(loaderArgs('http://app.test/quotes/info?code=7203&market=jpy'))).toBeNull();
    expect(seen).toEqual([]);
    await connectApi(host.ctx);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([{ url: 'http://app.test/quotes/info?code=7203&market=jpy', api: true }]);
  });

  it('a start that fails is forgotten (the screen asks for itself)', async () => {
    const host = createMiniHost();
    const registration = await remoteWithStart(() => {
      throw new Error('no');
    })(host.ctx);
    const loader = registration.routes[0]!.loader as (args: unknown) => unknown;
    expect(loader(loaderArgs('http://app.test/quotes/info?code=7203'))).toBeNull();
    await connectApi(host.ctx);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('a screen without a start has no loader', async () => {
    const host = createMiniHost();
    const registration = await remoteWith(() => Promise.resolve(Screen))(host.ctx);
    expect(registration.routes[0]!.loader).toBeUndefined();
  });
});
