import type { WithMessage } from 'shared/api';
import type { TradePosition } from 'shared/contract';
import { ConfirmDialog, Money, ResultSheet, StatRow } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { marketValue, textField, type PositionRow } from '../model/position-rows';
import styles from './position-list.module.css';
import { shareCount } from 'shared/money';

export interface ClosePositionDialogProps {
  /** The position to close, or null when the dialog is closed. */
  row: PositionRow | null;
  currency: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The close-position confirmation (spec §2): what is closed, at about which value, and what happens next. */
export function ClosePositionDialog({ row, currency, busy, onConfirm, onCancel }: ClosePositionDialogProps) {
  const { t } = useRemoteTranslation();
  const record = row?.record ?? {};
  const code = textField(record, 'code');
  const name = textField(record, 'name') ?? code ?? '';
  const itemCurrency = textField(record, 'currency') ?? currency;
  // The holdings list sends the money held as `cost` (original deposit = initial margin).
  const margin = textField(record, 'margin') ?? textField(record, 'cost');
  return (
    <ConfirmDialog
      open={row !== null}
      title={t('positions.closeTitle')}
      confirmLabel={t('positions.closeConfirm')}
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <dl className={styles.confirmList}>
        <StatRow label={t('positions.stock')}>{code && code !== name ? `${name} (${code})` : name}</StatRow>
        <StatRow label={t('positions.detail.field.quantity')}>
          <span className="ds-num">
            {t('positions.quantityShort', shareCount(textField(record, 'stock_num') ?? '—'))}
          </span>
        </StatRow>
        <StatRow label={t('positions.detail.field.currentPrice')}>
          <Money value={textField(record, 'nowprice')} currency={itemCurrency} />
        </StatRow>
        <StatRow label={t('positions.detail.field.marketValue')}>
          <Money value={textField(record, 'market_value') ?? marketValue(record)} currency={itemCurrency} />
        </StatRow>
        {margin !== undefined ? (
          <StatRow
            label={t(
              record.fully_paid === true ? 'positions.detail.field.cost' : 'positions.detail.field.initialMargin',
            )}
          >
            <Money value={margin} currency={itemCurrency} />
          </StatRow>
        ) : null}
        <StatRow label={t('positions.floatingPnl')}>
          <Money value={textField(record, 'yingkui')} currency={itemCurrency} signed />
        </StatRow>
      </dl>
      <p className={styles.note}>{t('positions.closeNote')}</p>
    </ConfirmDialog>
  );
}

/**
 * After a close (issue 35): the server's message (sell_success) as the title and what it answered (the position
 * preparing to close, its order number and quantity), instead of a toast of the screen's own.
 */
export function CloseResultSheet({
  result,
  stock,
  onClose,
}: {
  result: WithMessage<TradePosition> | undefined;
  /** The stock as the screen names it ("Name (code)", in the reader's language, as the close is asked with `lang`). */
  stock: string;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  if (!result) return null;
  const p = result.data;
  return (
    <ResultSheet
      open
      tone="pending"
      title={result.msg ? t(`msg:${result.msg}`) : t('positions.closeTitle')}
      rows={[
        { id: 'stock', label: t('positions.stock'), value: stock },
        {
          id: 'quantity',
          label: t('positions.detail.field.quantity'),
          value: t('positions.quantityShort', shareCount(p.stock_num)),
        },
        { id: 'state', label: t('positions.detail.field.status'), value: t(`positions.status.${p.state}`) },
        { id: 'order', label: t('positions.detail.field.orderNumber'), value: p.order_no },
      ]}
      onClose={onClose}
    >
      <p className={styles.note}>{t('positions.closeResult')}</p>
    </ResultSheet>
  );
}
