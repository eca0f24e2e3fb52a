import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /trade/riskAck: stores the acknowledgement of one version with its time (trade config then says so). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acknowledgeRisk: build.mutation<DataOf<'riskAck'>, number>({
      query: (version) => ({ url: ENDPOINTS.riskAck.path, data: { version } }),
      transformResponse: (data: unknown) => ENDPOINTS.riskAck.data.parse(data),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAcknowledgeRiskMutation } = api;
