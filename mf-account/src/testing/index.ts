/**
 * Test helpers of this remote (`#testing`). `renderAccount` renders a path through the real
 * `register` (routes, providers, namespace) with a mini host, so screen tests exercise the remote as
 * the shell composes it, faking only HTTP. The jsdom polyfills live in shared's setup-dom.ts.
 */
import type { RouteObject } from 'react-router';
import { renderRemote, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { createMiniHost, renderRoutes } from 'shared/test-utils';
import { register } from '../expose/register';

export function renderAccount(path: string, options: RemoteRenderOptions = {}) {
  return renderRemote(register, path, options);
}

/**
 * renderAccount with stand-ins for screens of other parts of the app the remote navigates to (the
 * shell's /home/index after registering): `{ path: '/home/index', element: <h1>Home</h1> }`, or for one of its own.
 */
export async function renderAccountWith(path: string, others: RouteObject[], options: RemoteRenderOptions = {}) {
  const host = createMiniHost(options);
  const registration = await register(host.ctx);
  // A stand-in replaces the remote's own screen of the same path (a test of what happens before that screen).
  const replaced = new Set(others.map((route) => route.path));
  const own = registration.routes.filter((route) => !replaced.has(route.path));
  return renderRoutes([...own, ...others], { ...options, host, path });
}

export { userInfoFixture, session } from './fixtures';
