import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS, type BlockListing } from 'shared/contract';
import type { Language } from 'shared/mf';
import type { BlockKind } from '../model/variants';

export type { BlockListing };

/** Rows per page of "load more". */
export const BLOCK_PAGE_SIZE = 20;

/** The filter of a listing list: the variant, every market, in the reader's language. */
export interface BlockListArgs {
  variant: BlockKind;
  lang: Language;
}

/**
 * POST /block/list: listings of a variant in every market (open first, nearest deadline first), with the live
 * price and the discount or premium to it, lots left and the deadline; a "load more" list.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockList: contractInfiniteQuery(
      build,
      ENDPOINTS.blockList,
      (args: BlockListArgs, page) => ({ variant: args.variant, lang: args.lang, page, size: BLOCK_PAGE_SIZE }),
      { providesTags: ['Orders'] },
    ),
  }),
});

export const { useGetBlockListInfiniteQuery } = api;
