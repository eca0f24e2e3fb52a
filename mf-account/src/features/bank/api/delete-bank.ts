import { baseApi } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/bankDelete: removes one of the user's cards; refreshes the card list. */
export const deleteBankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteBank: build.mutation<null, number>({
      query: (id) => ({ url: ENDPOINTS.bankDelete.path, data: { id } }),
      invalidatesTags: ['Bank'],
    }),
  }),
});

export const { useDeleteBankMutation } = deleteBankApi;
