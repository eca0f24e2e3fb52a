import { apiErrorFrom, contractRequest, getHttpClient, httpFailure, isHttpFailure, type ApiError } from 'shared/api';
import type { ContractEndpoint } from 'shared/api';
import { ENDPOINTS, type EndpointName } from 'shared/contract';
import { ADMIN_TAG, adminApi } from '#lib';

const endpointOf = (name: EndpointName) => (ENDPOINTS as Record<string, ContractEndpoint>)[name]!;

export interface CatalogueReadArgs {
  /** The contract endpoint read (an admin list, or the public one the user screens read: /funds/rates, ...). */
  name: EndpointName;
  body: Record<string, string | number>;
}

/** What the server said about a change: its message key, its data and, when it waits, the four-eyes request. */
export interface CatalogueAnswer {
  msg: string;
  data: unknown;
  /** Set when the change waits for a second administrator (`four_eyes_waiting`). */
  fourEyesId?: number;
}

export interface CatalogueChangeArgs {
  name: EndpointName;
  /** The form's text values as sent (the server parses them with the same contract schema). */
  body: Record<string, string>;
}

/**
 * Reads a catalogue (checked by the endpoint's answer schema) and posts its changes. The change is a queryFn, not
 * contractMutation, because the screen shows the answer's `msg` (`four_eyes_waiting` with its `four_eyes_id`,
 * `saved`, ...) and the base query keeps only `data`; a change refreshes every back-office list.
 */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCatalogue: build.query<unknown, CatalogueReadArgs>({
      query: ({ name, body }) => contractRequest(endpointOf(name), body as never),
      providesTags: [ADMIN_TAG],
    }),
    changeCatalogue: build.mutation<CatalogueAnswer, CatalogueChangeArgs>({
      queryFn: async ({ name, body }) => {
        try {
          const response = await getHttpClient().post(endpointOf(name).path, body);
          const envelope = response.data as { msg?: unknown; data?: unknown } | undefined;
          const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
          const data = envelope?.data ?? null;
          const id = (data as { four_eyes_id?: unknown } | null)?.four_eyes_id;
          return { data: typeof id === 'number' ? { msg, data, fourEyesId: id } : { msg, data } };
        } catch (error) {
          const failure = isHttpFailure(error) ? error : httpFailure('network', 0, 'network_error');
          return { error: apiErrorFrom(failure) as ApiError };
        }
      },
      invalidatesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useGetCatalogueQuery, useChangeCatalogueMutation } = api;
