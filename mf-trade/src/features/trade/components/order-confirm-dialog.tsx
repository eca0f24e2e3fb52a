import { ConfirmDialog, Money, StatRow } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import type { OrderEstimate } from '../model/order-math';
import { effectivePriceType, type OrderDraft } from '../model/order-form';
import styles from './trade-panel.module.css';
import { shareCount } from 'shared/money';

export interface OrderConfirmDialogProps {
  open: boolean;
  busy: boolean;
  code: string;
  name: string | undefined;
  draft: OrderDraft;
  /** The limit, or the last price a market order is estimated at. */
  price: string | undefined;
  estimate: OrderEstimate | undefined;
  currency: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The dialog that sums up an order before it is placed: stock, side, order and price type, price, trigger,
 * validity, exits, quantity, leverage, margin, fee, total.
 */
export function OrderConfirmDialog({
  open,
  busy,
  code,
  name,
  draft,
  price,
  estimate,
  currency,
  onConfirm,
  onCancel,
}: OrderConfirmDialogProps) {
  const { t } = useRemoteTranslation();
  const limit = effectivePriceType(draft) === 'limit';
  const money = (value: string) => (value.trim() ? <Money value={value.trim()} currency={currency} /> : '—');
  return (
    <ConfirmDialog
      open={open}
      title={t('trade.confirm.title')}
      confirmLabel={t(draft.side === 'long' ? 'trade.confirm.okLong' : 'trade.confirm.okShort')}
      tone={draft.side === 'long' ? 'primary' : 'danger'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <dl className={styles.confirmList}>
        <StatRow label={t('trade.confirm.stock')}>{name ? `${name} (${code})` : code}</StatRow>
        <StatRow label={t('trade.direction')}>{t(draft.side === 'long' ? 'trade.long' : 'trade.short')}</StatRow>
        <StatRow label={t('trade.orderType')}>{t(`trade.adv.type.${draft.order_type}`)}</StatRow>
        <StatRow label={t('trade.adv.priceType')}>{t(limit ? 'trade.limit' : 'trade.market')}</StatRow>
        <StatRow label={t(limit ? 'trade.price' : 'trade.marketPrice')}>
          {price ? <Money value={price} currency={currency} /> : '—'}
        </StatRow>
        {draft.order_type !== 'normal' ? (
          <StatRow label={t('trade.adv.trigger')}>{money(draft.trigger_price)}</StatRow>
        ) : null}
        <StatRow label={t('trade.adv.validity')}>
          {draft.validity === 'date' && draft.valid_until
            ? t('trade.adv.validUntilValue', { date: draft.valid_until })
            : t('trade.adv.validToday')}
        </StatRow>
        {draft.exits && draft.take_profit.trim() ? (
          <StatRow label={t('trade.adv.takeProfit')}>{money(draft.take_profit)}</StatRow>
        ) : null}
        {draft.exits && draft.stop_loss.trim() ? (
          <StatRow label={t('trade.adv.stopLoss')}>{money(draft.stop_loss)}</StatRow>
        ) : null}
        <StatRow label={t('trade.quantity')}>
          <span className="ds-num">{t('trade.sharesValue', shareCount(draft.quantity))}</span>
        </StatRow>
        <StatRow label={t('trade.leverage')}>{t('trade.multiple', { value: draft.leverage })}</StatRow>
        <StatRow label={t('trade.margin')}>
          {estimate ? <Money value={estimate.margin.toFixed()} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('trade.fee')}>
          {estimate ? <Money value={estimate.fee.toFixed()} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('trade.total')}>
          {estimate ? <Money value={estimate.total.toFixed()} currency={currency} /> : '—'}
        </StatRow>
      </dl>
      <p className={styles.hint}>{t(limit ? 'trade.confirm.noteLimit' : 'trade.confirm.noteMarket')}</p>
    </ConfirmDialog>
  );
}
