/**
 * The hosts' HTTP client (spec §7, ARCHITECTURE.md "State, session, HTTP"), written once for the
 * shell, the dev host and the test host. Every remote's request goes through the instance its host
 * made (RTK Query's base query delegates here), so the rules live in one place:
 *
 * - base /api/vue/, every call POST; plain objects are form-encoded, FormData goes multipart;
 * - headers token, account and is-admin, each only when present; `device-id` on every call (ADR 0027);
 * - an in-flight counter drives the one global loading indicator;
 * - `status` present and ≠ 1 → toast t('msg:'+msg) for 2000 ms and reject;
 * - HTTP error → toast the translated msg of the error body, else request_failed {{status}};
 *   401 → clear the session, toast session_expired, go to /login/login after 1.5 s;
 *   404/503 → clear any toast (no new one); no answer → network_error;
 * - a success carrying an Idempotency-Key (a money call) clears a refusal toast of its earlier try;
 * - in English a message that is not a catalogue key and contains Chinese shows "Error".
 *
 * Every rejection is an HttpFailure (shared/api) so callers can tell refusals from outages.
 * Stage 2 of the shell's boot imports this module directly (`shared/host-kit/client`): axios, the
 * message catalogue and http-failure.ts only, never the RTK Query base API.
 */
import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { SessionState } from '../mf';
import { isMessageKey } from '../messages';
import { httpFailure, refusalDetails } from '../api/http-failure';
import { readEnvelope, toFormBody } from '../api/wire';
import type { Toaster } from './toaster';
import { formatDateTime } from '../remote-kit/date-time';

export const API_BASE = '/api/vue/';
export const UNAUTHORIZED_REDIRECT_MS = 1500;

/** Chinese characters (kept here rather than imported so the rule reads in one file). */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

export interface HttpDeps {
  getSession: () => SessionState;
  /** Translates a key (`msg:...`) with interpolation values. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** Current i18next language tag (zh-CN, en, ja). */
  language: () => string;
  toaster: Toaster;
  requestStarted: () => void;
  requestEnded: () => void;
  /** Clears token and account (store and localStorage). */
  clearSession: () => void;
  /** Client-side navigation (the router's navigate). */
  navigate: (path: string) => void;
  /** Tests pass a fake adapter; production uses axios' XHR adapter. */
  adapter?: AxiosAdapter;
  /** Base URL of the API (default {@link API_BASE}). */
  baseURL?: string;
}

/** localStorage key of this browser's random device id, sent as the `device-id` header (ADR 0027). */
export const DEVICE_ID_KEY = 'device_id';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * This browser's device id (22 base64url characters, 128 random bits), made once and kept in localStorage, so
 * the server tells devices apart (signed-in devices, the new-device message). Undefined without storage.
 */
export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept && DEVICE_ID.test(kept)) return kept;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}

/** The text to show for a server `msg` (spec §8: translated; English + Chinese text → "Error"). */
export function messageText(
  msg: unknown,
  deps: Pick<HttpDeps, 't' | 'language'>,
  values?: Record<string, unknown>,
): string {
  if (typeof msg !== 'string' || msg.trim() === '') return deps.t('msg:unknown_error');
  if (isMessageKey(msg)) return deps.t(`msg:${msg}`, readableInstants(values ?? {}));
  if (deps.language() === 'en' && HAN.test(msg)) return deps.t('msg:unknown_error');
  return msg;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A refusal's values as a toast reads them: an ISO instant (a market's next open in not_trading_time) in the user's
 * date and time (issue 35: a refusal showed "2026-11-25T00:00:00.000Z"). Inline refusals read it in the market's
 * clock (remote-kit readableValues).
 */
function readableInstants(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'string' && INSTANT.test(value) ? formatDateTime(value) : value;
  return out;
}

export function createHttpClient(deps: HttpDeps): AxiosInstance {
  const http = axios.create({ baseURL: deps.baseURL ?? API_BASE, adapter: deps.adapter, timeout: 30_000 });
  const counted = new WeakSet<object>();
  const end = (config: InternalAxiosRequestConfig | undefined) => {
    if (config && counted.has(config)) {
      counted.delete(config);
      deps.requestEnded();
    }
  };

  http.interceptors.request.use((config) => {
    config.method = 'post';
    config.data = toFormBody(config.data);
    const session = deps.getSession();
    if (session.token) config.headers.set('token', session.token);
    if (session.account) config.headers.set('account', session.account);
    if (session.is_admin) config.headers.set('is-admin', session.is_admin);
    const device = deviceId();
    if (device) config.headers.set('device-id', device);
    counted.add(config);
    deps.requestStarted();
    return config;
  });

  http.interceptors.response.use(
    (response) => {
      end(response.config);
      const envelope = readEnvelope(response.data, response.status);
      if (!envelope.ok) {
        deps.toaster.show(messageText(envelope.failure.msg, deps, envelope.failure.values));
        return Promise.reject(envelope.failure);
      }
      // A money call that went through (it carries an Idempotency-Key) supersedes the refusal of its earlier try:
      // that toast ("read the risk disclosure first") must not stay over the success it led to.
      if (response.config.headers?.has?.('idempotency-key')) deps.toaster.clear();
      return response;
    },
    (error: AxiosError<{ msg?: unknown; data?: unknown }>) => {
      end(error.config);
      if (axios.isCancel(error) || error.code === 'ERR_CANCELED') {
        return Promise.reject(httpFailure('network', 0, 'request_canceled'));
      }
      const response = error.response;
      if (!response) {
        deps.toaster.show(deps.t('msg:network_error'));
        return Promise.reject(httpFailure('network', 0, 'network_error'));
      }
      const status = response.status;
      const bodyMsg = response.data && typeof response.data === 'object' ? response.data.msg : undefined;
      if (status === 401) {
        deps.clearSession();
        deps.toaster.show(deps.t('msg:session_expired'));
        setTimeout(() => deps.navigate('/login/login'), UNAUTHORIZED_REDIRECT_MS);
        return Promise.reject(httpFailure('http', status, 'session_expired'));
      }
      if (status === 404 || status === 503) {
        deps.toaster.clear();
        return Promise.reject(
          httpFailure('http', status, typeof bodyMsg === 'string' && bodyMsg ? bodyMsg : 'request_failed'),
        );
      }
      if (typeof bodyMsg === 'string' && bodyMsg) {
        const details = refusalDetails(response.data);
        deps.toaster.show(messageText(bodyMsg, deps, { status, ...details.values }));
        return Promise.reject(httpFailure('http', status, bodyMsg, response.data?.data, details));
      }
      deps.toaster.show(deps.t('msg:request_failed', { status }));
      return Promise.reject(httpFailure('http', status, 'request_failed'));
    },
  );
  return http;
}
