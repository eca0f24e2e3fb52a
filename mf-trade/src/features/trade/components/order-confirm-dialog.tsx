import { ConfirmDialog, Money, StatRow } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import type { OrderEstimate } from '../model/order-math';
import type { OrderDraft } from '../model/order-form';
import styles from './trade-panel.module.css';

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
 * The sheet that sums up an order before it is placed: stock, side, type, price, quantity, leverage,
 * margin, fee, total.
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
        <StatRow label={t('trade.orderType')}>
          {t(draft.priceType === 'limit' ? 'trade.limit' : 'trade.market')}
        </StatRow>
        <StatRow label={t(draft.priceType === 'limit' ? 'trade.price' : 'trade.marketPrice')}>
          {price ? <Money value={price} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('trade.quantity')}>
          <span className="ds-num">{t('trade.sharesValue', { quantity: draft.quantity.trim() })}</span>
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
      <p className={styles.hint}>
        {t(draft.priceType === 'limit' ? 'trade.confirm.noteLimit' : 'trade.confirm.noteMarket')}
      </p>
    </ConfirmDialog>
  );
}
