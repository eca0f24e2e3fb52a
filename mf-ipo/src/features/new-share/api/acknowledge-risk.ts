import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /ipo/riskAck: stores the acknowledgement of the new-share disclosure's version with its time. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acknowledgeNewShareRisk: contractMutation(build, ENDPOINTS.newShareRiskAck, { invalidatesTags: ['User'] }),
  }),
});

export const { useAcknowledgeNewShareRiskMutation } = api;
