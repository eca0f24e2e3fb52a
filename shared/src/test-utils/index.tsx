/**
 * Component-test helpers for remotes (and the shell): render a screen or a whole registration with
 * the same providers the host gives (one Redux store, i18next with common + msg + the remote's
 * namespace, a memory router) and fake the network at the HTTP boundary (an axios adapter), never
 * by mocking our own modules (STYLE.md "Tests").
 *
 *   const api = fakeApi({ '/user/getUserinfo': ok({ account: '0901234567', jpy: '1000' }) });
 *   const view = await renderRegistration(register, { path: '/mine/index', adapter: api });
 *   expect(await view.findByRole('heading', { name: '我的' })).toBeInTheDocument();
 *   expect(api.calls[0]).toMatchObject({ url: '/user/getUserinfo', form: { type: 'jpy' } });
 */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { RegisterRemote, RemoteRegistration } from '../mf';
import { createMiniHost, type MiniHost, type MiniHostOptions } from '../dev-host/mini-host';

export { createMiniHost, type MiniHost, type MiniHostOptions } from '../dev-host/mini-host';

/** A successful answer `{status: 1, msg: '', data}`. */
export const ok = (data?: unknown) => ({ status: 1, msg: '', data });
/** A business refusal `{status: 0, msg: key}` (HTTP 200). */
export const refused = (msg: string, data?: unknown) => ({ status: 0, msg, data });

/** A reply with an explicit HTTP status (401, 500 ...), or no answer at all (`network: true`). */
export interface FakeReply {
  httpStatus?: number;
  body?: unknown;
  network?: boolean;
}
export const reply = (httpStatus: number, body?: unknown): FakeReply => ({ httpStatus, body });
export const networkDown = (): FakeReply => ({ network: true });

/** A fake endpoint: a fixed body, or a function of the posted form fields. */
export type FakeHandler =
  | unknown
  | ((
      form: Record<string, string>,
      config: InternalAxiosRequestConfig,
    ) => unknown | FakeReply | Promise<unknown | FakeReply>);

export interface RecordedCall {
  url: string;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeApi extends AxiosAdapter {
  calls: RecordedCall[];
  /** Replace or add a route while the test runs. */
  set: (url: string, handler: FakeHandler) => void;
}

function formOf(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (data instanceof URLSearchParams) data.forEach((v, k) => (out[k] = v));
  else if (typeof FormData !== 'undefined' && data instanceof FormData)
    data.forEach((v, k) => (out[k] = typeof v === 'string' ? v : '[file]'));
  else if (typeof data === 'string') new URLSearchParams(data).forEach((v, k) => (out[k] = v));
  return out;
}

const isReply = (v: unknown): v is FakeReply =>
  typeof v === 'object' && v !== null && ('httpStatus' in v || 'network' in v);

/**
 * An axios adapter answering from a table of paths (relative to /api/vue, e.g. `/user/login`).
 * Unknown paths answer HTTP 404. Every call is recorded with its form fields and headers.
 */
export function fakeApi(routes: Record<string, FakeHandler>): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: RecordedCall[] = [];
  const adapter = (async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').replace(/^\/?api\/vue/, '').replace(/^([^/])/, '/$1');
    const form = formOf(config.data);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(config.headers?.toJSON?.() ?? {})) headers[k.toLowerCase()] = String(v);
    calls.push({ url, form, headers });
    const handler = table.get(url);
    const result: unknown =
      handler === undefined
        ? reply(404, { status: 0, msg: 'not_found' })
        : typeof handler === 'function'
          ? await handler(form, config)
          : handler;
    if (isReply(result) && result.network) {
      const error = Object.assign(new Error('Network Error'), {
        isAxiosError: true,
        code: 'ERR_NETWORK',
        config,
        request: {},
      });
      throw error;
    }
    const status = isReply(result) ? (result.httpStatus ?? 200) : 200;
    const body = isReply(result) ? result.body : result;
    const response: AxiosResponse = {
      data: body,
      status,
      statusText: String(status),
      headers: {},
      config,
      request: {},
    };
    if (status >= 400) {
      const error = Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        config,
        request: {},
        response,
      });
      throw error;
    }
    return response;
  }) as FakeApi;
  adapter.calls = calls;
  adapter.set = (url, handler) => void table.set(url, handler);
  return adapter;
}

export interface RenderOptions extends MiniHostOptions {
  /** The path (and query) to start at, e.g. `/quotes/info?code=7203`. */
  path?: string;
  /** Reuse a host created earlier (e.g. to pre-fill the store). */
  host?: MiniHost;
  /** A remote's namespace resources to add ({'zh-CN': {...}, en: {...}, ja: {...}}). */
  namespace?: { name: string; resources: Partial<Record<'zh-CN' | 'en' | 'ja', Record<string, unknown>>> };
}

export interface RenderedHost extends RenderResult {
  host: MiniHost;
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders route objects in a memory router with the host's providers. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}): RenderedHost {
  const host = options.host ?? createMiniHost(options);
  if (options.namespace) {
    for (const [tag, bundle] of Object.entries(options.namespace.resources))
      if (bundle) host.i18n.addResourceBundle(tag, options.namespace.name, bundle, true, true);
  }
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <Provider store={host.store}>
      <I18nextProvider i18n={host.i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return Object.assign(result, { host, router });
}

/** Renders one element at `path` (default `/`), with the host's providers and a router around it. */
export function renderWithHost(ui: ReactElement, options: RenderOptions = {}): RenderedHost {
  const path = (options.path ?? '/').split('?')[0]!;
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: <p>not found</p> },
    ],
    options,
  );
}

/** Calls a remote's `register` with a mini host, then renders its routes at `path`. */
export async function renderRegistration(
  register: RegisterRemote,
  options: RenderOptions = {},
): Promise<RenderedHost & { registration: RemoteRegistration }> {
  const host = options.host ?? createMiniHost(options);
  const registration = await register(host.ctx);
  const rendered = renderRoutes(registration.routes, { ...options, host });
  return Object.assign(rendered, { registration });
}
