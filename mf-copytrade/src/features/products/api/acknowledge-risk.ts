import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /copy/riskAck: stores the acknowledgement of the copy-trading disclosure's version with its time. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acknowledgeCopyRisk: contractMutation(build, ENDPOINTS.copyRiskAck, { invalidatesTags: ['User'] }),
  }),
});

export const { useAcknowledgeCopyRiskMutation } = api;
