import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/**
 * POST /funds/deposit: multipart (amount, currency, channel_id, file part `proof`) with an
 * Idempotency-Key. The body is the FormData of the submission (the base query sends FormData as
 * multipart); its type is the entry's body, so the screen casts its FormData to it.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitDeposit: contractMutation(build, ENDPOINTS.deposit, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useSubmitDepositMutation } = api;
