import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf, type RequestOf } from 'shared/contract';

/** POST /user/bankAdd: binds a card in the verified name; refreshes the card list. */
export const addBankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addBank: build.mutation<DataOf<'bankAdd'>, RequestOf<'bankAdd'>>({
      query: (body) => ({ url: ENDPOINTS.bankAdd.path, data: body }),
      invalidatesTags: ['Bank'],
    }),
  }),
});

export const { useAddBankMutation } = addBankApi;
