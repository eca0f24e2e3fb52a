import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/bankDelete: removes one of the user's cards; refreshes the card list. */
export const deleteBankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteBank: contractMutation(build, ENDPOINTS.bankDelete, { invalidatesTags: ['Bank'] }),
  }),
});

export const { useDeleteBankMutation } = deleteBankApi;
