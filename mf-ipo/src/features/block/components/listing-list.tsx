import { firstPage, layout, NextPage, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetBlockListInfiniteQuery } from '../api/get-block-list';
import type { BlockKind } from '../model/variants';
import { ListingRow } from './listing-row';

/** The listings of one kind in every market in the reader's language (one cached query per kind). */
function useListings(kind: BlockKind) {
  const lang = useHost().getSession().language;
  return useGetBlockListInfiniteQuery({ variant: kind, lang }, { refetchOnMountOrArgChange: true });
}

/** Whether the listings' prices come from the simulator (the frame then says "simulated"). */
export function useListingsSimulated(kind: BlockKind): boolean {
  return useListings(kind).data?.pages[0]?.list.some((listing) => listing.simulated) ?? false;
}

/** The listings of one kind in every market, open first; loading, failure with retry, empty, "load more". */
export function ListingList({ kind }: { kind: BlockKind }) {
  const { t } = useRemoteTranslation();
  const query = useListings(kind);
  const pages = query.data?.pages ?? [];
  const listings = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  return (
    <QueryView
      ns={NAMESPACE}
      query={firstPage(query)}
      count={listings.length}
      empty={{ title: t(`block.empty.${kind}`), hint: t('block.empty.stocksHint') }}
    >
      <ul className={layout.list} aria-label={t(`block.listLabel.${kind}`)}>
        {listings.map((listing) => (
          <ListingRow key={listing.id} listing={listing} />
        ))}
      </ul>
      <NextPage
        ns={NAMESPACE}
        query={query}
        moreLabel={t('block.loadMore')}
        status={t('block.shown', { shown: listings.length, total })}
      />
    </QueryView>
  );
}
