import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The alerts' cache tag (create, delete and a fired alert invalidate it). */
export const ALERTS_TAG = { type: 'Quotes', id: 'ALERTS' } as const;

/** /stock/alerts, /stock/alertCreate, /stock/alertDelete (docs/decisions/0022-alerts-and-watchlist-groups.md). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAlerts: contractQuery(build, ENDPOINTS.alertList, { providesTags: [ALERTS_TAG] }),
    createAlert: contractMutation(build, ENDPOINTS.alertCreate, { invalidatesTags: [ALERTS_TAG] }),
    deleteAlert: contractMutation(build, ENDPOINTS.alertDelete, { invalidatesTags: [ALERTS_TAG] }),
  }),
});

export const { useGetAlertsQuery, useCreateAlertMutation, useDeleteAlertMutation } = api;
export const alertsApi = api;
