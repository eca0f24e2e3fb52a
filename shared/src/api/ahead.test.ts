/**
 * Requests started ahead (ahead.ts): the base query takes the answer of the request a route started with the same
 * path and body, once and only while it is fresh; money calls and uploads never take one.
 */
import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ENDPOINTS } from 'shared/contract';
import { AHEAD_MS, forgetAhead, startAhead } from './ahead';
import { httpBaseQuery, setHttpClient, type ApiError } from './base-query';

interface Sent {
  url: string;
  body: string;
  answer: (value: unknown) => void;
}

/** An HTTP client whose answers the test gives, request by request; answers the quote it was asked for. */
function client() {
  const sent: Sent[] = [];
  const http = axios.create({
    adapter: (config: InternalAxiosRequestConfig) =>
      new Promise<AxiosResponse>((resolve) => {
        const body = config.data instanceof URLSearchParams ? config.data.toString() : String(config.data);
        sent.push({
          url: String(config.url),
          body,
          answer: (data) =>
            resolve({ data: { status: 1, msg: '', data }, status: 200, statusText: 'OK', headers: {}, config }),
        });
      }),
    transformRequest: [(data: unknown) => new URLSearchParams(data as Record<string, string>)],
  });
  setHttpClient(http);
  return sent;
}

const query = (args: Parameters<typeof httpBaseQuery>[0]) =>
  httpBaseQuery(args, { signal: new AbortController().signal } as Parameters<typeof httpBaseQuery>[1], {}) as Promise<{
    data?: unknown;
    error?: ApiError;
  }>;

const CANDLES = { code: '7203', market: 'jpy', period: 'day', limit: 200 } as const;

afterEach(() => {
  forgetAhead();
  jest.useRealTimers();
});

describe('requests started ahead', () => {
  it('the query with the same path and body takes the started request (fields in any order): one request', async () => {
    const sent = client();
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    expect(sent).toHaveLength(1);
    const answered = query({ url: '/stock/candles', data: { limit: 200, period: 'day', market: 'jpy', code: '7203' } });
    sent[0]!.answer({ list: [] });
    await expect(answered).resolves.toEqual({ data: { list: [] } });
    expect(sent).toHaveLength(1);
  });

  it('is taken once: the next query asks for itself', async () => {
    const sent = client();
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    sent[0]!.answer({ n: 1 });
    await expect(query({ url: '/stock/candles', data: { ...CANDLES } })).resolves.toEqual({ data: { n: 1 } });
    const second = query({ url: '/stock/candles', data: { ...CANDLES } });
    expect(sent).toHaveLength(2);
    sent[1]!.answer({ n: 2 });
    await expect(second).resolves.toEqual({ data: { n: 2 } });
  });

  it('another body (another stock or period) is not taken', async () => {
    const sent = client();
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    void query({ url: '/stock/candles', data: { ...CANDLES, period: 'week' } });
    void query({ url: '/stock/detail', data: { code: '7203', market: 'jpy' } });
    expect(sent.map((s) => s.url)).toEqual(['/stock/candles', '/stock/candles', '/stock/detail']);
  });

  it('is not taken after AHEAD_MS: the query asks again', () => {
    jest.useFakeTimers();
    const sent = client();
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    jest.advanceTimersByTime(AHEAD_MS);
    void query({ url: '/stock/candles', data: { ...CANDLES } });
    expect(sent).toHaveLength(2);
  });

  it('is started once while in flight, and again once answered (a later tap wants a fresh answer)', async () => {
    const sent = client();
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    expect(sent).toHaveLength(1);
    sent[0]!.answer({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    expect(sent).toHaveLength(2);
    sent[1]!.answer({ n: 2 });
    await expect(query({ url: '/stock/candles', data: { ...CANDLES } })).resolves.toEqual({ data: { n: 2 } });
  });

  it('a failed started request is the query’s failure, and nothing unhandled when nobody takes it', async () => {
    setHttpClient(axios.create({ adapter: () => Promise.reject(new Error('offline')) }));
    startAhead(ENDPOINTS.stockDetail, { code: '7203', market: 'jpy', lang: 'us' });
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    await expect(query({ url: '/stock/detail', data: { code: '7203', market: 'jpy', lang: 'us' } })).resolves.toEqual({
      error: { status: 0, kind: 'network', msg: 'network_error' },
    });
  });

  it('never for a money call: it cannot be started, and a query with an Idempotency-Key never takes one', () => {
    const sent = client();
    expect(() =>
      startAhead(ENDPOINTS.withdraw, { amount: '1', pay_password: '123456', bank_id: '1', type: 'jpy' } as never),
    ).toThrow(/money call/);
    startAhead(ENDPOINTS.stockCandles, CANDLES);
    void query({ url: '/stock/candles', data: { ...CANDLES }, idempotencyKey: 'k-1' });
    expect(sent).toHaveLength(2);
  });
});
