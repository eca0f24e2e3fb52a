/**
 * The shell around the hosts' HTTP client (shared/host-kit/client, whose rules are tested there):
 * its toaster shows a refusal for 2000 ms and its `ui` slice drives the loading indicator, the
 * client wired exactly as app/start.tsx wires it, with a fake adapter (nothing mocked).
 */
import { fakeApi, ok, refused, reply } from 'shared/test-utils';
import type { HttpFailure } from 'shared/api';
import { sessionCleared } from 'shared/host-kit/session';
import { createHttpClient } from 'shared/host-kit/client';
import { createShellStore } from '../store/store';
import { requestEnded, requestStarted, selectBusy, selectToast } from '../store/ui';
import { createShellI18n } from '../i18n/i18n';
import { createToaster } from './toaster';

function setup(routes: Parameters<typeof fakeApi>[0], language: 'cn' | 'us' | 'jp' = 'cn') {
  localStorage.clear();
  const { store } = createShellStore();
  const i18n = createShellI18n(language);
  const api = fakeApi(routes);
  const navigate = jest.fn();
  const http = createHttpClient({
    getSession: () => store.getState().session,
    t: (key, values) => i18n.t(key, values ?? {}),
    language: () => i18n.language,
    toaster: createToaster(store.dispatch),
    requestStarted: () => store.dispatch(requestStarted()),
    requestEnded: () => store.dispatch(requestEnded()),
    clearSession: () => store.dispatch(sessionCleared()),
    navigate,
    adapter: api,
  });
  const toast = () => selectToast(store.getState())?.text ?? null;
  return { store, http, api, navigate, toast, i18n };
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

describe('shell toaster and loading indicator with the HTTP client', () => {
  it('counts requests in flight and clears the loading indicator when all finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { http, store } = setup({
      '/slow': async () => {
        await gate;
        return ok();
      },
      '/fast': ok(),
    });
    const slow = http.post('/slow');
    const fast = http.post('/fast');
    await Promise.resolve();
    expect(selectBusy(store.getState())).toBe(true);
    await fast;
    expect(selectBusy(store.getState())).toBe(true);
    release();
    await slow;
    expect(selectBusy(store.getState())).toBe(false);
  });

  it('shows a refusal (status ≠ 1) translated for 2000 ms and rejects', async () => {
    const { http, toast } = setup({ '/trade/buy': refused('insufficient_balance') });
    const error = await rejection(http.post('/trade/buy'));
    expect(error).toMatchObject({ kind: 'business', msg: 'insufficient_balance' });
    expect(toast()).toBe('余额不足');
    jest.advanceTimersByTime(1999);
    expect(toast()).toBe('余额不足');
    jest.advanceTimersByTime(1);
    expect(toast()).toBeNull();
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
});
