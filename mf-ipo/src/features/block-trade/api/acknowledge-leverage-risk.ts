import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /trade/riskAck: stores the acknowledgement of the leverage risk disclosure's version, with its time. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acknowledgeBlockLeverageRisk: contractMutation(build, ENDPOINTS.riskAck, { invalidatesTags: ['Config'] }),
  }),
});

export const { useAcknowledgeBlockLeverageRiskMutation } = api;
