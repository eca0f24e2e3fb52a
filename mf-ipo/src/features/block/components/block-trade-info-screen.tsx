import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, EmptyState, PageFrame } from 'shared/ui';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetBlockInfoQuery } from '../api/get-block-info';
import { KIND_ROUTE } from '../model/variants';
import { AppliedResultSheet, BlockApplyForm, type BlockAppliedResult } from './block-apply-form';
import { ListingDetails } from './listing-details';

/** The live price and the discount or premium to it are read again this often while the screen is shown. */
const REFRESH_MS = 15_000;

/**
 * /home/largeInfo?id=: a block listing with every field (spec §3: minimum buy lots, trade deadline) and, while it
 * is open, the application with the channel password and its result sheet; a closed listing says why and offers the
 * open ones.
 */
export function BlockTradeInfoScreen() {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const [params] = useSearchParams();
  const raw = params.get('id')?.trim();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const query = useGetBlockInfoQuery(
    { id: id ?? 0, lang },
    { skip: id === undefined, pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true },
  );
  const listing = query.data;
  const [applied, setApplied] = useState<BlockAppliedResult>();
  const missing = { title: t('blockInfo.missing'), hint: t('blockInfo.missingHint') };
  const browse = { label: t('variant.browse'), to: '/home/large' };
  return (
    <PageFrame title={t('blockInfo.title')} simulated={listing?.simulated}>
      {id === undefined ? (
        <EmptyState {...missing} action={browse} />
      ) : (
        <QueryView ns={NAMESPACE} query={query} count={listing ? 1 : 0} empty={{ ...missing, action: browse }}>
          {listing ? (
            <>
              <Card className={layout.card} title={listing.name}>
                <ListingDetails listing={listing} />
              </Card>
              <Card className={layout.card} title={t('blockInfo.apply')}>
                {listing.state === 'open' ? (
                  <BlockApplyForm listing={listing} onApplied={setApplied} />
                ) : (
                  <EmptyState
                    title={t(`blockInfo.closed.${listing.closed_reason ?? 'closed'}`)}
                    hint={t('blockInfo.closedHint')}
                    action={{ label: t('variant.browse'), to: KIND_ROUTE[listing.variant] }}
                  />
                )}
              </Card>
              <AppliedResultSheet listing={listing} result={applied} onClose={() => setApplied(undefined)} />
            </>
          ) : null}
        </QueryView>
      )}
    </PageFrame>
  );
}
