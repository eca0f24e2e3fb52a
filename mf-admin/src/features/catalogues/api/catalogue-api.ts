import { contractRequest } from 'shared/api';
import type { ContractEndpoint, WithMessage } from 'shared/api';
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

/** The CatalogueAnswer of the base query's `{ data, msg }` (msg '' when the server sent none). */
function catalogueAnswer({ data, msg }: WithMessage<unknown>): CatalogueAnswer {
  const id = (data as { four_eyes_id?: unknown } | null)?.four_eyes_id;
  return typeof id === 'number' ? { msg: msg ?? '', data, fourEyesId: id } : { msg: msg ?? '', data };
}

/**
 * Reads a catalogue (checked by the endpoint's answer schema) and posts its changes. A change asks the base query
 * `withMessage` because the screen shows the answer's `msg` (`four_eyes_waiting` with its `four_eyes_id`, `saved`,
 * ...); its body is the form's text as typed (no answer schema); a change refreshes every back-office list.
 */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCatalogue: build.query<unknown, CatalogueReadArgs>({
      query: ({ name, body }) => contractRequest(endpointOf(name), body as never),
      providesTags: [ADMIN_TAG],
    }),
    changeCatalogue: build.mutation<CatalogueAnswer, CatalogueChangeArgs>({
      query: ({ name, body }) => ({ url: endpointOf(name).path, data: body, withMessage: true }),
      transformResponse: catalogueAnswer,
      invalidatesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useGetCatalogueQuery, useChangeCatalogueMutation } = api;
