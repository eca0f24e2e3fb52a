/**
 * RTK Query endpoint definitions derived from the contract's endpoint table (shared/contract
 * `ENDPOINTS`): the URL, the argument type (the request schema's input, with an Idempotency-Key
 * for the money calls the table marks `idempotent`) and the answer's schema all come from one
 * entry, so no endpoint file restates a body or parses an answer by hand.
 *
 *   getBanks: contractQuery(build, ENDPOINTS.bankList, { providesTags: ['Bank'] }),
 *   withdraw: contractMutation(build, ENDPOINTS.withdraw, { invalidatesTags: MONEY_TAGS }),
 *
 * The entry is passed in (not looked up by name) so this module imports no zod schema: the one
 * `shared/api` singleton stays light, and each remote bundles only the schemas it uses.
 */
import type { z } from 'zod';
import type {
  EndpointBuilder,
  InfiniteQueryDefinition,
  MutationDefinition,
  QueryDefinition,
} from '@reduxjs/toolkit/query/react';
import type { ApiRequest, ApiTag, httpBaseQuery } from './base-query';

/** The part of a contract endpoint entry (shared/contract `EndpointDef`) the client needs. */
export interface ContractEndpoint {
  path: string;
  request: z.ZodTypeAny;
  data: z.ZodTypeAny;
  idempotent?: boolean;
}

/** A money call's arguments: its body and the Idempotency-Key of this submission. */
export interface IdempotentArgs<T> {
  body: T;
  idempotencyKey: string;
}

/** The request body of an entry as the client gives it (the schema's input: text on the wire). */
export type BodyOf<D extends ContractEndpoint> = z.input<D['request']>;
/** The answer's `data` of an entry, as its schema outputs it. */
export type AnswerOf<D extends ContractEndpoint> = z.output<D['data']>;
/** A query's argument: the body, which may be left out when none of its fields is required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional" test
export type QueryArgOf<D extends ContractEndpoint> = {} extends BodyOf<D> ? BodyOf<D> | void : BodyOf<D>;
/** The argument of an entry's endpoint: the body, or body + Idempotency-Key for a money call. */
export type ArgsOf<D extends ContractEndpoint> = D extends { idempotent: true } ? IdempotentArgs<BodyOf<D>> : BodyOf<D>;

/** The base query's request for one call of a contract entry. */
export function contractRequest<D extends ContractEndpoint>(
  endpoint: D,
  body?: BodyOf<D>,
  idempotencyKey?: string,
): ApiRequest {
  const request: ApiRequest = { url: endpoint.path, answer: endpoint.data };
  if (body !== undefined) request.data = body as ApiRequest['data'];
  if (idempotencyKey !== undefined) request.idempotencyKey = idempotencyKey;
  return request;
}

function requestOf<D extends ContractEndpoint>(endpoint: D, args: unknown): ApiRequest {
  if (endpoint.idempotent) {
    const { body, idempotencyKey } = args as IdempotentArgs<BodyOf<D>>;
    return contractRequest(endpoint, body, idempotencyKey);
  }
  return contractRequest(endpoint, (args ?? undefined) as BodyOf<D> | undefined);
}

/** The builder `injectEndpoints` hands to `endpoints: (build) => …` of the one API. */
export type ApiBuilder = EndpointBuilder<typeof httpBaseQuery, ApiTag, 'api'>;

type Defined = 'type' | 'query' | 'queryFn' | 'transformResponse';
/** What a screen's endpoint may add to a query (tags, cache lifetime, …). */
export type QueryOptions<R, A> = Partial<Omit<QueryDefinition<A, typeof httpBaseQuery, ApiTag, R, 'api'>, Defined>>;
/** What a screen's endpoint may add to a mutation (the tags it invalidates, …). */
export type MutationOptions<R, A> = Partial<
  Omit<MutationDefinition<A, typeof httpBaseQuery, ApiTag, R, 'api'>, Defined>
>;

/** The base query has checked the answer against the entry's schema: this only names its type. */
const typed =
  <D extends ContractEndpoint>() =>
  (data: unknown): AnswerOf<D> =>
    data as AnswerOf<D>;

/**
 * A query of a contract entry. `toBody` maps the hook's argument when it is not the body itself
 * (a screen's filter object, `void` for a call without fields).
 */
export function contractQuery<D extends ContractEndpoint>(
  build: ApiBuilder,
  endpoint: D,
  options?: QueryOptions<AnswerOf<D>, QueryArgOf<D>>,
): QueryDefinition<QueryArgOf<D>, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'>;
export function contractQuery<D extends ContractEndpoint, A>(
  build: ApiBuilder,
  endpoint: D,
  options: QueryOptions<AnswerOf<D>, NoInfer<A>> & { toBody: (arg: A) => BodyOf<D> },
): QueryDefinition<A, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'>;
// The overloads keep the argument type out of reach of the `endpoints` object's contextual type
// (which would otherwise infer `any` for it): without `toBody` it is the body, with it `toBody`'s.
// With `toBody`, annotate the argument of a callback option too (`providesTags: (r, e, arg: A) =>`):
// TypeScript types an unannotated callback by the first overload it tries.
export function contractQuery<D extends ContractEndpoint, A>(
  build: ApiBuilder,
  endpoint: D,
  options: QueryOptions<AnswerOf<D>, A> & { toBody?: (arg: A) => BodyOf<D> } = {},
): QueryDefinition<A, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'> {
  const { toBody, ...rest } = options;
  return build.query<AnswerOf<D>, A>({
    ...rest,
    query: (arg: A) => requestOf(endpoint, toBody ? toBody(arg) : arg),
    transformResponse: typed<D>(),
  } as unknown as QueryDefinition<A, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'>);
}

/** A mutation's answer with the server's success message key (`withMessage`): what a result sheet shows. */
export interface WithMessage<T> {
  data: T;
  /** The server's `msg` (`sell_success`, `margin_added`…), undefined when it sent none. */
  msg?: string;
}

/** A mutation of a contract entry; money calls (`idempotent`) take `{body, idempotencyKey}`. */
export function contractMutation<D extends ContractEndpoint>(
  build: ApiBuilder,
  endpoint: D,
  options?: MutationOptions<AnswerOf<D>, ArgsOf<D>>,
): MutationDefinition<ArgsOf<D>, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'>;
/** `withMessage: true`: the answer is `{data, msg}`, so the screen shows the server's message, not its own text. */
export function contractMutation<D extends ContractEndpoint>(
  build: ApiBuilder,
  endpoint: D,
  options: MutationOptions<WithMessage<AnswerOf<D>>, ArgsOf<D>> & { withMessage: true },
): MutationDefinition<ArgsOf<D>, typeof httpBaseQuery, ApiTag, WithMessage<AnswerOf<D>>, 'api'>;
export function contractMutation<D extends ContractEndpoint>(
  build: ApiBuilder,
  endpoint: D,
  options: MutationOptions<AnswerOf<D>, ArgsOf<D>> & { withMessage?: boolean } = {},
): MutationDefinition<ArgsOf<D>, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'> {
  const { withMessage, ...rest } = options;
  return build.mutation<AnswerOf<D>, ArgsOf<D>>({
    ...rest,
    // The base query answers `{data, msg}` for a request withMessage (base-query.ts).
    query: (arg: ArgsOf<D>) => (withMessage ? { ...requestOf(endpoint, arg), withMessage } : requestOf(endpoint, arg)),
    transformResponse: typed<D>(),
  } as unknown as MutationDefinition<ArgsOf<D>, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'>);
}

/** An answer page of a list: its rows and the total the server counts. */
export interface PageAnswer {
  list: readonly unknown[];
  total: number;
}

/**
 * A "load more" list of a paged contract entry (`page`, `size` in the request; `list`, `total` in
 * the answer) as an RTK Query infinite query: the hook's argument is the filter (without `page`),
 * pages are numbered from 1 and there is a next page while fewer rows than `total` are loaded.
 */
export function contractInfiniteQuery<D extends ContractEndpoint, A>(
  build: ApiBuilder,
  endpoint: D,
  toBody: (arg: A, page: number) => BodyOf<D>,
  options: { providesTags?: readonly ApiTag[]; keepUnusedDataFor?: number } = {},
): InfiniteQueryDefinition<NoInfer<A>, number, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'> {
  return build.infiniteQuery<AnswerOf<D>, A, number>({
    ...options,
    infiniteQueryOptions: {
      initialPageParam: 1,
      getNextPageParam: (last: AnswerOf<D>, all: AnswerOf<D>[], lastPage: number) => {
        const loaded = all.reduce((count: number, page) => count + (page as PageAnswer).list.length, 0);
        const { list, total } = last as PageAnswer;
        return list.length > 0 && loaded < total ? lastPage + 1 : undefined;
      },
    },
    query: ({ queryArg, pageParam }: { queryArg: A; pageParam: number }) =>
      contractRequest(endpoint, toBody(queryArg, pageParam)),
    transformResponse: typed<D>(),
  } as unknown as InfiniteQueryDefinition<A, number, typeof httpBaseQuery, ApiTag, AnswerOf<D>, 'api'>);
}
