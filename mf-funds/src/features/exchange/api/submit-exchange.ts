import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** POST /funds/exchange with an Idempotency-Key: the server's debited / credited / rate / fee are what count. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitExchange: contractMutation(build, ENDPOINTS.exchange, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useSubmitExchangeMutation } = api;
