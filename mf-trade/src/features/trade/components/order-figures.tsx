import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Quote, TradeConfig } from 'shared/contract';
import { Money, Skeleton, StatRow } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { useQuoteSelect, type QuoteSource } from '#lib/live';
import {
  effectivePriceType,
  holdsAtHighest,
  isCash,
  priceDraft,
  type FieldErrors,
  type OrderDraft,
} from '../model/order-form';
import { OrderConfirmDialog, type OrderConfirmDialogProps } from './order-confirm-dialog';
import styles from './trade-panel.module.css';

/*
 * The parts of the trade form that read the last price: each subscribes to the quote source on its
 * own, so a tick re-renders them (for a market order, or an open confirmation) and never the form.
 */

const selectPrice = (q: Quote | undefined) => q?.price;
const noPrice = () => undefined;

/** The last price a market order goes at: follows the ticks on its own. */
function MarketPrice({ source, currency }: { source: QuoteSource; currency: string }) {
  const price = useQuoteSelect(source, selectPrice);
  return price ? <Money value={price} currency={currency} /> : <span>—</span>;
}

/** A market order's price row (in place of the limit price field). */
export function MarketPriceRow({ source, currency }: { source: QuoteSource; currency: string }) {
  const { t } = useRemoteTranslation();
  return (
    <p className={styles.marketPrice}>
      <span>{t('trade.marketPrice')}</span>
      <MarketPrice source={source} currency={currency} />
    </p>
  );
}

export interface PricedProps {
  source: QuoteSource;
  draft: OrderDraft;
  fields: FieldErrors;
  currency: string;
  config: TradeConfig | undefined;
  /** Whether to follow the price at all (a closed confirmation does not). */
  active?: boolean;
}

/** The draft's figures: follows the last price only for a market order (a limit order's do not move). */
function usePriced({ source, draft, fields, currency, config, active = true }: PricedProps) {
  const follow = active && effectivePriceType(draft) === 'market';
  const last = useQuoteSelect(source, follow ? selectPrice : noPrice);
  return useMemo(() => priceDraft(draft, fields, last, currency, config), [draft, fields, last, currency, config]);
}

/**
 * Margin (a 1× buy: its cost, cash), fee, total and the available balance of the draft, at the last price; an order
 * that waits and may fill at any price says that it holds more until it fills (issue 35; the confirmation shows it).
 */
export function Estimate({ loading, open, ...props }: PricedProps & { loading: boolean; open: boolean }) {
  const { t } = useRemoteTranslation();
  const { estimate } = usePriced(props);
  const { currency, config } = props;
  return (
    <>
      <dl className={styles.summary} aria-label={t('trade.estimate')} aria-busy={loading || undefined}>
        <StatRow label={t(isCash(props.draft) ? 'trade.cost' : 'trade.margin')}>
          {estimate ? <Money value={estimate.margin.toFixed()} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('trade.fee')}>
          {estimate ? <Money value={estimate.fee.toFixed()} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('trade.total')}>
          {estimate ? <Money value={estimate.total.toFixed()} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('trade.available')}>
          {config ? <Money value={config.available} currency={currency} /> : loading ? <Skeleton width="6em" /> : '—'}
        </StatRow>
      </dl>
      {holdsAtHighest(props.draft, open) ? <p className={styles.hint}>{t('trade.hold.estimateNote')}</p> : null}
    </>
  );
}

/** After a submit: the balance refusal with its way out, at the current price. */
export function BalanceWayOut(props: PricedProps) {
  const { t } = useRemoteTranslation();
  const { errors } = usePriced(props);
  if (!errors.balance) return null;
  return (
    <div className={styles.refusal} role="alert">
      <p className={styles.refusalText}>{t('msg:insufficient_balance')}</p>
      <p className={styles.hint}>{t('trade.wayOut.insufficient_balance.text')}</p>
      <Link className="ds-button ds-button--secondary" to="/mine/stored">
        {t('trade.wayOut.insufficient_balance.action')}
      </Link>
    </div>
  );
}

/** The confirmation, following the price only while it is open. */
export function LiveConfirmDialog({
  source,
  fields,
  config,
  ...dialog
}: Omit<OrderConfirmDialogProps, 'price'> & Pick<PricedProps, 'source' | 'fields' | 'config'>) {
  const { price } = usePriced({
    source,
    draft: dialog.draft,
    fields,
    currency: dialog.currency,
    config,
    active: dialog.open,
  });
  return <OrderConfirmDialog {...dialog} price={price} />;
}
