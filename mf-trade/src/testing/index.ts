/**
 * Test helpers of this remote (`#testing`): `renderRemote` renders a path through the real
 * `register` (routes, namespace) in a mini host, faking only HTTP. The jsdom polyfills live in
 * shared/src/test-utils/setup-dom.ts.
 */
import type { ReactElement } from 'react';
import { connectApi } from 'shared/remote-kit';
import { renderRemote as renderRegistered, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { createMiniHost, renderWithHost, type MiniHostOptions } from 'shared/test-utils';
import { register } from '../expose/register';

/** Registers mf_trade in a mini host and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(path: string, options: RemoteRenderOptions = {}) {
  return renderRegistered(register, path, options);
}
export {
  quote,
  tradePosition,
  FakeSocket,
  installFakeSocket,
  uninstallFakeSocket,
  liveKit,
  renderScreen,
} from './market';
export { orderPreview, readyToPlace } from './order-preview';

/**
 * Registers mf_trade in a mini host (host context, namespace), connects the base API as a route's lazy load does,
 * and renders one element at `path`: for a feature component that src/app composes into another feature's screen.
 */
export async function renderInRemote(ui: ReactElement, options: MiniHostOptions & { path?: string } = {}) {
  const host = createMiniHost(options);
  await register(host.ctx);
  await connectApi(host.ctx);
  return renderWithHost(ui, { host, path: options.path ?? '/' });
}
