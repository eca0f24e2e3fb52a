import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS, type BlockApplication } from 'shared/contract';
import type { Language } from 'shared/mf';
import type { BlockKind } from '../model/variants';

export type { BlockApplication };

/** Rows per page of "load more". */
export const APPLICATIONS_PAGE_SIZE = 20;

/** The filter of an application list: the variants it shows (none: every variant), in the reader's language. */
export interface BlockApplicationsArgs {
  variant?: BlockKind;
  lang: Language;
}

/** POST /block/applications: the user's applications, newest first, with status and reason; "load more". */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockApplications: contractInfiniteQuery(
      build,
      ENDPOINTS.blockApplications,
      (args: BlockApplicationsArgs, page) => ({
        variant: args.variant,
        lang: args.lang,
        page,
        size: APPLICATIONS_PAGE_SIZE,
      }),
      { providesTags: ['Orders'] },
    ),
  }),
});

export const { useGetBlockApplicationsInfiniteQuery } = api;
