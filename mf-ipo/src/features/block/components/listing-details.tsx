import { Money } from 'shared/ui';
import { DetailList, formatMarketTime, type DetailItem } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import type { BlockListing } from '../api/get-block-list';
import { GapText, ListingState, lotsText } from './listing-row';

/** Every field of a listing (spec §3 Block trade and docs/decisions/0017-block-trades.md), as label–value rows. */
export function ListingDetails({ listing: l }: { listing: BlockListing }) {
  const { t, i18n } = useRemoteTranslation();
  const money = (value: string | null) => (value === null ? '—' : <Money value={value} currency={l.currency} />);
  const items: DetailItem[] = [
    { id: 'code', label: t('block.field.code'), value: l.code },
    { id: 'market', label: t('block.field.market'), value: t(`block.market.${l.market}`) },
    { id: 'kind', label: t('block.field.kind'), value: t(`block.kind.${l.variant}`) },
    { id: 'state', label: t('block.field.state'), value: <ListingState listing={l} /> },
    { id: 'blockPrice', label: t('block.field.blockPrice'), value: money(l.block_price) },
    { id: 'livePrice', label: t('block.field.livePrice'), value: money(l.live_price) },
    { id: 'gap', label: t('block.field.gap'), value: <GapText listing={l} /> },
    { id: 'lotSize', label: t('block.field.lotSize'), value: lotsText(l.lot_size) },
    { id: 'lotCost', label: t('block.field.lotCost'), value: money(l.lot_cost) },
    { id: 'minLots', label: t('block.field.minLots'), value: lotsText(l.min_lots) },
    { id: 'minCost', label: t('block.field.minCost'), value: money(l.min_cost) },
    { id: 'totalLots', label: t('block.field.totalLots'), value: lotsText(l.total_lots) },
    { id: 'lotsLeft', label: t('block.field.lotsLeft'), value: lotsText(l.lots_left) },
    { id: 'deadline', label: t('block.field.deadline'), value: formatMarketTime(l.deadline, l.market, i18n.language) },
    { id: 'lockup', label: t('block.field.lockup'), value: <LockupText listing={l} /> },
  ];
  if (l.variant === 'dividend') {
    items.push(
      { id: 'recordDate', label: t('block.field.recordDate'), value: l.record_date ?? '—' },
      { id: 'dividend', label: t('block.field.dividendPerShare'), value: money(l.dividend_per_share) },
    );
  }
  if (l.variant === 'financing') {
    items.push(
      { id: 'financed', label: t('block.field.financedPct'), value: pct(l.financed_pct) },
      { id: 'rate', label: t('block.field.financingRate'), value: pct(l.financing_rate_pct) },
      { id: 'days', label: t('block.field.financingDays'), value: l.financing_days ?? '—' },
      { id: 'leverage', label: t('block.field.leverage'), value: `${l.leverage}×` },
    );
  }
  return <DetailList items={items} />;
}

/**
 * The resale rule (issue 35): a block bought at a discount is no instant gain; its holding cannot be sold during the
 * listing's lock-up, stated here before anyone applies (the server enforces it on the holding).
 */
export function LockupText({ listing: l }: { listing: BlockListing }) {
  const { t } = useRemoteTranslation();
  const date = l.sellable_from_if_approved_today;
  if (l.lockup_days > 0) return <>{t('block.lockup.days', { count: l.lockup_days, date: date ?? '—' })}</>;
  return <>{date ? t('block.lockup.tPlusOne', { date }) : t('block.lockup.none')}</>;
}

const pct = (value: string | null) => (value === null ? '—' : `${value}%`);
