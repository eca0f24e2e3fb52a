import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /trade/riskAck: stores the acknowledgement of one version with its time (trade config then says so). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acknowledgeRisk: contractMutation(build, ENDPOINTS.riskAck, { invalidatesTags: ['User'] }),
  }),
});

export const { useAcknowledgeRiskMutation } = api;
