/**
 * Endpoints derived from the contract's table: the URL and body come from the entry, money calls
 * carry their Idempotency-Key header, answers are checked against the entry's schema, and "load
 * more" lists page until the server's total.
 */
import axios, { type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { configureStore } from '@reduxjs/toolkit';
import { z } from 'zod';
import {
  baseApi,
  contractInfiniteQuery,
  contractMutation,
  contractQuery,
  setHttpClient,
  type AnswerOf,
  type ArgsOf,
} from './index';

const info = {
  path: '/user/getUserinfo',
  request: z.object({ type: z.enum(['jpy', 'usd']) }),
  data: z.object({ account: z.string(), jpy: z.string() }),
} as const;
const withdraw = {
  path: '/user/withdraw',
  request: z.object({ amount: z.string() }),
  data: z.object({ id: z.number() }),
  idempotent: true,
} as const;
const records = {
  path: '/funds/records',
  request: z.object({ page: z.number(), size: z.number(), type: z.string().optional() }),
  data: z.object({ list: z.array(z.object({ id: z.number() })), total: z.number() }),
} as const;

interface Seen {
  url?: string;
  body: string;
  key?: string;
}

function serve(answer: (seen: Seen) => unknown): { seen: Seen[] } {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const call: Seen = {
      url: config.url,
      body: String(config.data),
      key: config.headers.get('Idempotency-Key') as string,
    };
    seen.push(call);
    return { data: answer(call), status: 200, statusText: 'OK', headers: {}, config };
  };
  // The host kit's client form-encodes; this stand-in does the same so the body can be read.
  const http = axios.create({ adapter });
  http.interceptors.request.use((config) => {
    config.data = new URLSearchParams(config.data as Record<string, string>);
    return config;
  });
  setHttpClient(http);
  return { seen };
}

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    info: contractQuery(build, info),
    withdraw: contractMutation(build, withdraw),
    withdrawWithMessage: contractMutation(build, withdraw, { withMessage: true }),
    records: contractInfiniteQuery(build, records, (type: string, page) => ({ page, size: 2, type })),
  }),
  overrideExisting: true,
});

function newStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (d) => d().concat(baseApi.middleware),
  });
}

// Types follow the entry: a wrong field or a money call without its key does not compile.
const typedArgs: ArgsOf<typeof withdraw> = { body: { amount: '1' }, idempotencyKey: 'k' };
const typedAnswer: AnswerOf<typeof info> = { account: 'a', jpy: '1' };

describe('contract endpoints', () => {
  it('posts the entry’s path and body and answers the schema’s data', async () => {
    const { seen } = serve(() => ({ status: 1, msg: '', data: typedAnswer }));
    const store = newStore();
    const result = await store.dispatch(api.endpoints.info.initiate({ type: 'jpy' }));
    expect(result.data).toEqual({ account: 'a', jpy: '1' });
    expect(seen).toEqual([{ url: '/user/getUserinfo', body: 'type=jpy', key: undefined }]);
  });

  it('refuses an answer that does not match the contract (no half-read data reaches a screen)', async () => {
    serve(() => ({ status: 1, msg: '', data: { account: 'a' } }));
    const store = newStore();
    const result = await store.dispatch(api.endpoints.info.initiate({ type: 'usd' }));
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ status: 200, kind: 'schema', msg: 'unknown_error' });
  });

  it('sends a money call’s Idempotency-Key as a header, not a field', async () => {
    const { seen } = serve(() => ({ status: 1, msg: '', data: { id: 7 } }));
    const store = newStore();
    const result = await store.dispatch(api.endpoints.withdraw.initiate(typedArgs));
    expect(result).toMatchObject({ data: { id: 7 } });
    expect(seen).toEqual([{ url: '/user/withdraw', body: 'amount=1', key: 'k' }]);
  });

  it('answers the server’s success message with the data when asked (a result sheet shows it)', async () => {
    serve(() => ({ status: 1, msg: 'withdraw_success', data: { id: 7 } }));
    const store = newStore();
    const result = await store.dispatch(api.endpoints.withdrawWithMessage.initiate(typedArgs));
    expect(result).toMatchObject({ data: { data: { id: 7 }, msg: 'withdraw_success' } });
    serve(() => ({ status: 1, msg: '', data: { id: 8 } }));
    const silent = await store.dispatch(
      api.endpoints.withdrawWithMessage.initiate({ ...typedArgs, idempotencyKey: 'k2' }),
    );
    expect(silent.data).toEqual({ data: { id: 8 } });
  });

  it('pages a "load more" list until the server’s total', async () => {
    const rows = [1, 2, 3].map((id) => ({ id }));
    const { seen } = serve(({ body }) => {
      const page = Number(new URLSearchParams(body).get('page'));
      return { status: 1, msg: '', data: { list: rows.slice((page - 1) * 2, page * 2), total: rows.length } };
    });
    const store = newStore();
    const first = await store.dispatch(api.endpoints.records.initiate('deposit'));
    expect(first.data?.pages.map((p) => p.list)).toEqual([[{ id: 1 }, { id: 2 }]]);
    expect(first.hasNextPage).toBe(true);
    const second = await store.dispatch(api.endpoints.records.initiate('deposit', { direction: 'forward' }));
    expect(second.data?.pages.flatMap((p) => p.list)).toEqual(rows);
    expect(second.hasNextPage).toBe(false);
    expect(seen.map((s) => s.body)).toEqual(['page=1&size=2&type=deposit', 'page=2&size=2&type=deposit']);
  });
});
