import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/bankAdd: binds a card in the verified name; refreshes the card list. */
export const addBankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addBank: contractMutation(build, ENDPOINTS.bankAdd, { invalidatesTags: ['Bank'] }),
  }),
});

export const { useAddBankMutation } = addBankApi;
