import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';
import type { IssueTab } from '../model/new-share-fields';

/** Issues per page of "load more". */
export const ISSUES_PAGE_SIZE = 20;

export interface IssueListArgs {
  market: Market;
  tab: IssueTab;
  lang?: Language;
}

/** POST /ipo/list: the issues of one market in a tab (to subscribe, subscribing, ended), page by page. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShares: contractInfiniteQuery(
      build,
      ENDPOINTS.newShareList,
      ({ market, tab, lang }: IssueListArgs, page) => ({ type: market, tab, page, size: ISSUES_PAGE_SIZE, lang }),
      { providesTags: ['NewShares'] },
    ),
  }),
});

export const { useGetNewSharesInfiniteQuery } = api;
