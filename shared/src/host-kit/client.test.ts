/**
 * @jest-environment jsdom
 *
 * The HTTP rules of spec §4/§7/§8, exercised through the real axios instance with a fake adapter
 * (the network is faked at the boundary; none of our modules is mocked). The host's parts around
 * the client are the kit's store and session and a toaster that keeps the toast on show; the
 * shell's own toaster (2000 ms, its `ui` slice) is checked with this client in
 * shell/src/http/toaster.test.ts.
 */
// jsdom (localStorage, FormData) with the web APIs the test helpers need, as in the web packages
import '../test-utils/setup-dom';
import i18next from 'i18next';
import { fakeApi, networkDown, ok, refused, reply } from 'shared/test-utils';
import type { HttpFailure } from 'shared/api';
import { messageResources } from '../messages';
import { languageToTag } from '../i18n';
import { createHostStore } from './store';
import { sessionChanged, sessionCleared } from './session';
import { TOAST_MS, type Toaster } from './toaster';
import { createHttpClient, DEVICE_ID_KEY, UNAUTHORIZED_REDIRECT_MS } from './client';

/** i18next with the `msg` catalogue in the session's language, as the hosts set it up. */
function createI18n(language: 'cn' | 'us' | 'jp') {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: languageToTag(language),
    fallbackLng: 'zh-CN',
    ns: ['msg'],
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      'zh-CN': { msg: messageResources('zh-CN') },
      en: { msg: messageResources('en') },
      ja: { msg: messageResources('ja') },
    },
  });
  return i18n;
}

/** A toaster that keeps the toast on show until the next one or a clear, and for how long it asked. */
function recordingToaster() {
  const state = { text: null as string | null, ms: undefined as number | undefined };
  const toaster: Toaster = {
    show: (text, ms) => Object.assign(state, { text, ms }),
    clear: () => Object.assign(state, { text: null, ms: undefined }),
  };
  return { state, toaster };
}

function setup(routes: Parameters<typeof fakeApi>[0], language: 'cn' | 'us' | 'jp' = 'cn') {
  localStorage.clear();
  const { store } = createHostStore();
  const i18n = createI18n(language);
  const api = fakeApi(routes);
  const navigate = jest.fn();
  const { state, toaster } = recordingToaster();
  let inFlight = 0;
  const http = createHttpClient({
    getSession: () => store.getState().session,
    t: (key, values) => i18n.t(key, values ?? {}),
    language: () => i18n.language,
    toaster,
    requestStarted: () => void (inFlight += 1),
    requestEnded: () => void (inFlight = Math.max(0, inFlight - 1)),
    clearSession: () => store.dispatch(sessionCleared()),
    navigate,
    adapter: api,
  });
  const toast = () => state.text;
  const busy = () => inFlight > 0;
  return { store, http, api, navigate, toast, busy, toastMs: () => state.ms ?? TOAST_MS, i18n };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('resolved');
    },
    (e: HttpFailure) => e,
  );

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('host HTTP client', () => {
  it('POSTs every call form-encoded under /api/vue/', async () => {
    const { http, api } = setup({ '/user/getUserinfo': ok({ account: 'a' }) });
    await http.get('/user/getUserinfo', { params: {} }).catch(() => undefined);
    await http.post('/user/getUserinfo', { type: 'jpy', empty: undefined });
    expect(api.calls[1]).toMatchObject({ url: '/user/getUserinfo', form: { type: 'jpy' } });
    expect(api.calls[1]!.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(api.calls[0]!.url).toBe('/user/getUserinfo');
  });

  it('sends FormData as multipart', async () => {
    const { http, api } = setup({ '/user/upload': ok() });
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await http.post('/user/upload', form);
    expect(api.calls[0]!.form).toEqual({ image: '[file]' });
  });

  it('adds token, account and is-admin headers only when present', async () => {
    const { http, api, store } = setup({ '/x': ok() });
    await http.post('/x');
    expect(api.calls[0]!.headers).not.toHaveProperty('token');
    expect(api.calls[0]!.headers).not.toHaveProperty('is-admin');
    store.dispatch(sessionChanged({ token: 'tk', account: '0901234567', is_admin: '1' }));
    await http.post('/x');
    expect(api.calls[1]!.headers).toMatchObject({ token: 'tk', account: '0901234567', 'is-admin': '1' });
  });

  it('sends one random device-id on every call, kept in localStorage', async () => {
    localStorage.removeItem(DEVICE_ID_KEY);
    const { http, api } = setup({ '/x': ok() });
    await http.post('/x');
    await http.post('/x');
    const id = api.calls[0]!.headers['device-id'];
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(api.calls[1]!.headers['device-id']).toBe(id);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);

    localStorage.setItem(DEVICE_ID_KEY, 'not valid!');
    await http.post('/x');
    expect(api.calls[2]!.headers['device-id']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(api.calls[2]!.headers['device-id']).not.toBe(id);
  });

  it('counts requests in flight and clears the loading indicator when all finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { http, busy } = setup({
      '/slow': async () => {
        await gate;
        return ok();
      },
      '/fast': ok(),
    });
    const slow = http.post('/slow');
    const fast = http.post('/fast');
    await Promise.resolve();
    expect(busy()).toBe(true);
    await fast;
    expect(busy()).toBe(true);
    release();
    await slow;
    expect(busy()).toBe(false);
  });

  it('shows a refusal (status ≠ 1) translated for 2000 ms and rejects', async () => {
    const { http, toast, toastMs } = setup({ '/trade/buy': refused('insufficient_balance') });
    const error = await rejection(http.post('/trade/buy'));
    expect(error).toMatchObject({ kind: 'business', msg: 'insufficient_balance' });
    expect(toast()).toBe('余额不足');
    // the host's toaster shows it for TOAST_MS (the shell's: shell/src/http/toaster.test.ts)
    expect(toastMs()).toBe(2000);
  });

  it('answers data on status 1 without a toast', async () => {
    const { http, toast } = setup({ '/ok': ok({ a: 1 }) });
    const res = await http.post('/ok');
    expect(res.data.data).toEqual({ a: 1 });
    expect(toast()).toBeNull();
  });

  it('shows the translated msg of an HTTP error body', async () => {
    const { http, toast } = setup({ '/x': reply(500, { status: 0, msg: 'server_error' }) }, 'us');
    const error = await rejection(http.post('/x'));
    expect(error).toMatchObject({ kind: 'http', status: 500, msg: 'server_error' });
    expect(toast()).toBe('Server error. Please try again later.');
  });

  it('shows request_failed with the status when the error body has no msg', async () => {
    const { http, toast } = setup({ '/x': reply(502, 'Bad Gateway') }, 'us');
    await rejection(http.post('/x'));
    expect(toast()).toBe('Request failed (status 502).');
  });

  it('on 401 clears the session, says the session expired and goes to /login/login after 1.5 s', async () => {
    const { http, toast, store, navigate } = setup({ '/x': reply(401, { status: 0, msg: 'session_expired' }) });
    store.dispatch(sessionChanged({ token: 'tk', account: '0901234567' }));
    expect(localStorage.getItem('token')).toBe('tk');
    const error = await rejection(http.post('/x'));
    expect(error.status).toBe(401);
    expect(store.getState().session).toMatchObject({ token: '', account: '' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(toast()).toBe('登录已失效，请重新登录');
    jest.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login/login');
  });

  it.each([404, 503])('on %i clears any toast and shows none', async (status) => {
    const { http, toast } = setup({
      '/refused': refused('too_frequent'),
      '/x': reply(status, { status: 0, msg: 'not_found' }),
    });
    await rejection(http.post('/refused'));
    expect(toast()).not.toBeNull();
    await rejection(http.post('/x'));
    expect(toast()).toBeNull();
  });

  it("clears a refusal's toast once a money call (Idempotency-Key) goes through, not on any success", async () => {
    const { http, toast } = setup({
      '/ipo/subscribe': refused('risk_disclosure_required'),
      '/ipo/subscribe2': ok({ id: 1 }),
      '/stock/list': ok([]),
    });
    await rejection(http.post('/ipo/subscribe'));
    expect(toast()).not.toBeNull();
    // A poll that succeeds leaves the refusal on show.
    await http.post('/stock/list');
    expect(toast()).not.toBeNull();
    await http.post('/ipo/subscribe2', {}, { headers: { 'Idempotency-Key': 'k-1234567890' } });
    expect(toast()).toBeNull();
  });

  it('shows network_error when there is no answer', async () => {
    const { http, toast } = setup({ '/x': networkDown() }, 'jp');
    const error = await rejection(http.post('/x'));
    expect(error).toMatchObject({ kind: 'network', msg: 'network_error' });
    expect(toast()).toBe('ネットワークエラーです。接続を確認してください。');
  });

  it('in English shows "Error" for a Chinese text that is not a catalogue key', async () => {
    const { http, toast } = setup({ '/x': refused('系统繁忙') }, 'us');
    await rejection(http.post('/x'));
    expect(toast()).toBe('Error');
  });

  it('in Chinese shows a non-catalogue Chinese text as it is', async () => {
    const { http, toast } = setup({ '/x': refused('系统繁忙') }, 'cn');
    await rejection(http.post('/x'));
    expect(toast()).toBe('系统繁忙');
  });

  it('interpolates the status into a translated HTTP error message', async () => {
    const { http, toast } = setup({ '/x': reply(500, { msg: 'request_failed' }) }, 'cn');
    await rejection(http.post('/x'));
    expect(toast()).toBe('请求失败（状态码 500）');
  });

  it('toasts an instant of a refusal in local date and time, never as an ISO string', async () => {
    const { http, toast } = setup(
      { '/trade/close': { status: 0, msg: 'not_trading_time', values: { opens: '2026-11-25T00:00:00.000Z' } } },
      'us',
    );
    await rejection(http.post('/trade/close', { id: '1' }));
    // jest runs with TZ=UTC: the device's time of the instant
    expect(toast()).toBe('The market is closed (next open: 2026-11-25 00:00).');
  });

  it('keeps field and values of a refusal so forms can show it next to the field', async () => {
    const { http, toast } = setup(
      { '/user/register': { status: 0, msg: 'field_invalid', field: 'email', values: { field: 'email' } } },
      'us',
    );
    const failure = await rejection(http.post('/user/register', { email: 'x' }));
    expect(failure).toMatchObject({
      isHttpFailure: true,
      kind: 'business',
      msg: 'field_invalid',
      field: 'email',
      values: { field: 'email' },
    });
    expect(toast()).toBe('The field email is not valid.');
  });

  it('keeps field and values of an HTTP error body', async () => {
    const { http } = setup({ '/x': reply(400, { status: 0, msg: 'field_invalid', values: { field: 'body' } }) });
    const failure = await rejection(http.post('/x'));
    expect(failure).toMatchObject({ kind: 'http', status: 400, msg: 'field_invalid', values: { field: 'body' } });
    expect(failure.field).toBeUndefined();
  });
});
