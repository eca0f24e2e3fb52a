import { Link } from 'react-router';
import { Facts, Money, StatusBadge, type FactItem } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { formatMarketTime } from 'shared/remote-kit';
import { dayCount, useRemoteTranslation } from '#lib';
import type { BlockListing } from '../api/get-block-list';
import { priceGap } from '../model/block-math';
import { listingPath } from '../model/variants';
import styles from './block-trade.module.css';

/** The block price's discount or premium to the live price, in words ("4.83% below the live price"). */
export function GapText({ listing }: { listing: Pick<BlockListing, 'premium_pct'> }) {
  const { t } = useRemoteTranslation();
  if (listing.premium_pct === null) return <>{t('block.gap.none')}</>;
  const { gap, pct } = priceGap(listing.premium_pct);
  return <>{t(`block.gap.${gap}`, { pct })}</>;
}

/** Whole lots with thousands separators. */
export const lotsText = (lots: number) => formatMoney(lots, { decimals: 0 });

/** State of a listing: open, or closed with its reason. */
export function ListingState({ listing }: { listing: Pick<BlockListing, 'state' | 'closed_reason'> }) {
  const { t } = useRemoteTranslation();
  if (listing.state === 'open') return <StatusBadge label={t('block.state.open')} tone="success" />;
  return <StatusBadge label={t(`block.closedReason.${listing.closed_reason ?? 'closed'}`)} tone="neutral" />;
}

/** A listing in a list: name, code, market; block price, live price with the gap, min lots, lots left, deadline. */
export function ListingRow({ listing: l }: { listing: BlockListing }) {
  const { t, i18n } = useRemoteTranslation();
  return (
    <li>
      <Link className={styles.item} to={listingPath(l.id)}>
        <span className={styles.head}>
          <span className={styles.name}>
            <span className={styles.title}>{l.name}</span>
            <span className={styles.sub}>{`${l.code} · ${t(`block.market.${l.market}`)}`}</span>
          </span>
          <ListingState listing={l} />
        </span>
        <Facts
          className={styles.keepLabels}
          items={[
            { label: t('block.field.blockPrice'), value: <Money value={l.block_price} currency={l.currency} /> },
            {
              label: t('block.field.livePrice'),
              value: (
                <span className={styles.value}>
                  {l.live_price === null ? '—' : <Money value={l.live_price} />}
                  <span className={styles.gap}>
                    <GapText listing={l} />
                  </span>
                </span>
              ),
            },
            { label: t('block.field.minLots'), value: lotsText(l.min_lots) },
            { label: t('block.field.lotsLeft'), value: lotsText(l.lots_left) },
            {
              label: t('block.field.deadline'),
              value: formatMarketTime(l.deadline, l.market, i18n.language),
              wide: true,
            },
            ...kindTerms(l, t),
          ]}
        />
      </Link>
    </li>
  );
}

/** What a variant adds to its row: a dividend block's record date and dividend, a financing block's terms. */
function kindTerms(l: BlockListing, t: ReturnType<typeof useRemoteTranslation>['t']): FactItem[] {
  if (l.variant === 'dividend')
    return [
      {
        label: t('block.field.dividend'),
        value: t('block.dividendTerms', {
          date: l.record_date ?? '—',
          amount: l.dividend_per_share === null ? '—' : `${formatMoney(l.dividend_per_share)} ${l.currency}`,
        }),
        wide: true,
      },
    ];
  if (l.variant === 'financing')
    return [
      {
        label: t('block.field.financing'),
        value: t('block.financingTerms', {
          leverage: l.leverage,
          financed: l.financed_pct ?? '—',
          rate: l.financing_rate_pct ?? '—',
          days: t('info.days', dayCount(l.financing_days)),
        }),
        wide: true,
      },
    ];
  return [];
}
