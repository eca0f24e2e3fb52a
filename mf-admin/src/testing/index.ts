/**
 * Test helpers of this remote (`#testing`): `renderRemote` renders a path through the real `register` (routes,
 * namespace) in a mini host, faking only HTTP, so a feature's screen tests need not import `src/expose/` (features
 * never import outside themselves and lib).
 */
import { renderRemote as renderRegistered, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { register } from '../expose/register';

/** Registers mf_admin in a mini host and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(path: string, options: RemoteRenderOptions = {}) {
  return renderRegistered(register, path, options);
}
export { SESSION, adminMe, forbidden, DEPOSIT } from './fixtures';
