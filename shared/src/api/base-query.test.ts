/**
 * The RTK Query base query over an axios instance (the shell's, faked at its adapter): success
 * answers `data` (null when the answer has none), refusals keep `msg`, `field` and `values`.
 */
import axios, { type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi, httpBaseQuery, httpFailure, refusalDetails, setHttpClient, type ApiError } from './index';

function answer(body: unknown): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({
    data: body,
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
}

const run = (args: Parameters<typeof httpBaseQuery>[0]) =>
  httpBaseQuery(args, { signal: new AbortController().signal } as Parameters<typeof httpBaseQuery>[1], {}) as Promise<{
    data?: unknown;
    error?: ApiError;
  }>;

describe('httpBaseQuery', () => {
  it('answers data on status 1', async () => {
    setHttpClient(axios.create({ adapter: answer({ status: 1, msg: '', data: { jpy: '1000.00' } }) }));
    await expect(run('/user/getUserinfo')).resolves.toEqual({ data: { jpy: '1000.00' } });
  });

  it('answers null, not undefined, for a success without data', async () => {
    setHttpClient(axios.create({ adapter: answer({ status: 1, msg: '' }) }));
    await expect(run({ url: '/user/logout' })).resolves.toEqual({ data: null });
    setHttpClient(axios.create({ adapter: answer(undefined) }));
    await expect(run({ url: '/user/logout' })).resolves.toEqual({ data: null });
  });

  it('keeps msg, field and values of a refusal answered to it', async () => {
    setHttpClient(
      axios.create({
        adapter: answer({ status: 0, msg: 'invite_code_required', field: 'invite_code', values: { min: 6 } }),
      }),
    );
    await expect(run({ url: '/user/register', data: { account: 'a' } })).resolves.toEqual({
      error: { status: 200, kind: 'business', msg: 'invite_code_required', field: 'invite_code', values: { min: '6' } },
    });
  });

  it('keeps msg, field and values of the HttpFailure the shell rejects with', async () => {
    const failure = httpFailure('business', 200, 'field_invalid', undefined, {
      field: 'email',
      values: { field: 'email' },
    });
    setHttpClient(axios.create({ adapter: () => Promise.reject(failure) }));
    await expect(run('/user/register')).resolves.toEqual({
      error: { status: 200, kind: 'business', msg: 'field_invalid', field: 'email', values: { field: 'email' } },
    });
  });

  it('turns anything else into network_error', async () => {
    setHttpClient(axios.create({ adapter: () => Promise.reject(new Error('boom')) }));
    await expect(run('/x')).resolves.toEqual({ error: { status: 0, kind: 'network', msg: 'network_error' } });
  });

  it('answers { data, msg } for a request withMessage, { data } when the server sent no msg', async () => {
    setHttpClient(
      axios.create({ adapter: answer({ status: 1, msg: 'four_eyes_waiting', data: { four_eyes_id: 7 } }) }),
    );
    await expect(run({ url: '/admin/x', data: { a: '1' }, withMessage: true })).resolves.toEqual({
      data: { data: { four_eyes_id: 7 }, msg: 'four_eyes_waiting' },
    });
    setHttpClient(axios.create({ adapter: answer({ status: 1, msg: '' }) }));
    await expect(run({ url: '/admin/x', withMessage: true })).resolves.toEqual({ data: { data: null } });
  });

  it('keeps a refusal an error for a request withMessage', async () => {
    setHttpClient(axios.create({ adapter: answer({ status: 0, msg: 'forbidden' }) }));
    await expect(run({ url: '/admin/x', withMessage: true })).resolves.toEqual({
      error: { status: 200, kind: 'business', msg: 'forbidden' },
    });
  });

  it('lets RTK Query settle a query without data, with no error logged', async () => {
    setHttpClient(axios.create({ adapter: answer({ status: 1, msg: '' }) }));
    const api = baseApi.injectEndpoints({
      endpoints: (b) => ({ ping: b.query<null, void>({ query: () => ({ url: '/common/ping' }) }) }),
      overrideExisting: true,
    });
    const store = configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (d) => d().concat(baseApi.middleware),
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const result = await store.dispatch(api.endpoints.ping.initiate());
      expect(result.isSuccess).toBe(true);
      expect(result.data).toBeNull();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      store.dispatch(baseApi.util.resetApiState());
    }
  });
});

describe('refusalDetails', () => {
  it('reads a string field and stringified values, ignores the rest', () => {
    expect(refusalDetails({ field: 'email', values: { n: 3 } })).toEqual({ field: 'email', values: { n: '3' } });
    expect(refusalDetails({ field: '', values: ['x'] })).toEqual({});
    expect(refusalDetails(null)).toEqual({});
  });
});
