/**
 * Test helpers of this remote (`#testing`): `renderRemote` renders a path through the real
 * `register` (routes, namespace) in a mini host, faking only HTTP. The jsdom polyfills live in
 * shared/src/test-utils/setup-dom.ts.
 *
 * The mini host's axios instance keeps only `msg` of a refusal, while the shell's keeps `field`
 * and `values` too (the amount of loan_unpaid, the next opening of withdraw_closed_hours). So the
 * host's `http` is the shell's own client (shell/src/http/client.ts) over the same fake adapter:
 * the network is still faked at the HTTP boundary, and the refusals reach the screen as in
 * production.
 */
import type { AxiosAdapter } from 'axios';
import { createMiniHost } from 'shared/test-utils';
import { renderRemote as renderRegistered, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { createHttpClient } from '../../../shell/src/http/client';
import { register } from '../expose/register';

/** Registers mf_funds in a mini host with the shell's HTTP client and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(path: string, options: RemoteRenderOptions = {}) {
  const host = options.host ?? createMiniHost(options);
  const http = createHttpClient({
    getSession: host.ctx.getSession,
    t: (key, values) => host.i18n.t(key, values ?? {}),
    language: () => host.i18n.language,
    toaster: { show: (text) => void host.toasts.push(text), clear: () => undefined },
    requestStarted: () => undefined,
    requestEnded: () => undefined,
    clearSession: () => host.ctx.setSession({ token: '', account: '' }),
    navigate: () => undefined,
    adapter: options.adapter as AxiosAdapter | undefined,
  });
  http.defaults.baseURL = '/api/vue/';
  Object.assign(host.ctx, { http });
  return renderRegistered(register, path, { ...options, host });
}
