/**
 * Test helpers of this remote (`#testing`): `renderRemote` renders a path through the real
 * `register` (routes, namespace) in a mini host, faking only HTTP. The mini host's `http` is the
 * hosts' own client (shared/host-kit, the shell's too), so refusals reach the screen as in
 * production, with their `field` and `values` (the amount of loan_unpaid, the next opening of
 * withdraw_closed_hours). The jsdom polyfills live in shared/src/test-utils/setup-dom.ts.
 */
import { renderRemote as renderRegistered, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { register } from '../expose/register';

/** Registers mf_funds in a mini host and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(path: string, options: RemoteRenderOptions = {}) {
  return renderRegistered(register, path, options);
}
