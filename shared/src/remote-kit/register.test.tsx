import { describe, expect, it, jest } from '@jest/globals';
import type { ComponentType } from 'react';
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
