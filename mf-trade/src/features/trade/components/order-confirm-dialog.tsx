import type { OrderPreview } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, formatMoney, shareCount } from 'shared/money';
import { ConfirmDialog, Money, Skeleton, StatRow } from 'shared/ui';
import { Refusal, apiErrorOf, useRemoteTranslation } from '#lib';
import { useGetOrderPreviewQuery } from '../api/preview-order';
import { effectivePriceType, isCash, offersValidity, orderBody, type OrderDraft } from '../model/order-form';
import { SIDE_STYLE } from '../model/side-style';
import styles from './trade-panel.module.css';

export interface OrderConfirmDialogProps {
  open: boolean;
  busy: boolean;
  code: string;
  market: Market;
  name: string | undefined;
  draft: OrderDraft;
  /** The limit, or the last price a market order is estimated at. */
  price: string | undefined;
  currency: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The dialog that sums up an order before it is placed: stock, side, order and price type, price, trigger,
 * validity, exits, quantity, leverage, and what placing it freezes now and why. That figure is the server's
 * (/trade/preview, the placement's own rule: issue 35, where a stop's sheet said 255,600 JPY and the order froze
 * 303,252 at the limit-up price); the order cannot be confirmed until it is known, nor when the balance does not
 * cover it.
 */
export function OrderConfirmDialog({
  open,
  busy,
  code,
  market,
  name,
  draft,
  price,
  currency,
  onConfirm,
  onCancel,
}: OrderConfirmDialogProps) {
  const { t } = useRemoteTranslation();
  const preview = useGetOrderPreviewQuery(orderBody(draft, code, market), {
    skip: !open,
    refetchOnMountOrArgChange: true,
  });
  const limit = effectivePriceType(draft) === 'limit';
  const side = SIDE_STYLE[draft.side];
  const shown = preview.isFetching ? undefined : preview.data;
  const refusal = preview.isError && !preview.isFetching ? apiErrorOf(preview.error) : undefined;
  const short = shown && !shown.sufficient ? INSUFFICIENT : undefined;
  return (
    <ConfirmDialog
      open={open}
      title={t('trade.confirm.title')}
      confirmLabel={t(side.confirm)}
      tone={side.tone}
      busy={busy}
      confirmDisabled={!shown || !shown.sufficient}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <dl className={styles.confirmList}>
        <StatRow label={t('trade.confirm.stock')}>{name ? `${name} (${code})` : code}</StatRow>
        <StatRow label={t('trade.direction')}>{t(side.label)}</StatRow>
        <StatRow label={t('trade.orderType')}>{t(`trade.adv.type.${draft.order_type}`)}</StatRow>
        <StatRow label={t('trade.adv.priceType')}>{t(limit ? 'trade.limit' : 'trade.market')}</StatRow>
        <StatRow label={t(limit ? 'trade.price' : 'trade.marketPrice')}>
          {price ? <Money value={price} currency={currency} /> : '—'}
        </StatRow>
        <AdvancedRows draft={draft} currency={currency} />
        <StatRow label={t('trade.quantity')}>
          <span className="ds-num">{t('trade.sharesValue', shareCount(draft.quantity))}</span>
        </StatRow>
        <StatRow label={t('trade.leverage')}>
          {isCash(draft) ? t('trade.cashMultiple') : t('trade.multiple', { value: draft.leverage })}
        </StatRow>
        <StatRow label={t('trade.hold.frozen')}>
          {shown ? <Money value={shown.frozen} currency={shown.currency} /> : refusal ? '—' : <Skeleton width="6em" />}
        </StatRow>
        {shown && shown.fee_paid !== '0' ? (
          <StatRow label={t('trade.hold.feeNow')}>
            <Money value={shown.fee_paid} currency={shown.currency} />
          </StatRow>
        ) : null}
        {shown ? (
          <StatRow label={t('trade.available')}>
            <Money value={shown.available} currency={shown.currency} />
          </StatRow>
        ) : null}
      </dl>
      {shown ? <HoldReason preview={shown} cash={isCash(draft)} /> : null}
      <Refusal error={refusal ?? short} market={market} />
    </ConfirmDialog>
  );
}

/** The advanced rows of the summary: the trigger, the validity and the exits, when the order has them. */
function AdvancedRows({ draft, currency }: Pick<OrderConfirmDialogProps, 'draft' | 'currency'>) {
  const { t } = useRemoteTranslation();
  const money = (value: string) => (value.trim() ? <Money value={value.trim()} currency={currency} /> : '—');
  return (
    <>
      {draft.order_type !== 'normal' ? (
        <StatRow label={t('trade.adv.trigger')}>{money(draft.trigger_price)}</StatRow>
      ) : null}
      {offersValidity(draft) ? (
        <StatRow label={t('trade.adv.validity')}>
          {draft.validity === 'date' && draft.valid_until
            ? t('trade.adv.validUntilValue', { date: draft.valid_until })
            : t('trade.adv.validToday')}
        </StatRow>
      ) : null}
      {draft.exits && draft.take_profit.trim() ? (
        <StatRow label={t('trade.adv.takeProfit')}>{money(draft.take_profit)}</StatRow>
      ) : null}
      {draft.exits && draft.stop_loss.trim() ? (
        <StatRow label={t('trade.adv.stopLoss')}>{money(draft.stop_loss)}</StatRow>
      ) : null}
    </>
  );
}

/** The preview's answer that the balance does not cover the hold: the placement's own refusal, with its way out. */
const INSUFFICIENT = { status: 200, kind: 'business', msg: 'insufficient_balance' } as const;

/** Why the hold is what it is: the price it is taken at, the arithmetic, and when the rest is released. */
function HoldReason({ preview, cash }: { preview: OrderPreview; cash: boolean }) {
  const { t } = useRemoteTranslation();
  const amount = (value: string) => `${formatMoney(value)} ${preview.currency}`;
  const leveraged = preview.leverage > 1;
  const formula = t(leveraged ? 'trade.hold.formulaLeveraged' : 'trade.hold.formula', {
    price: amount(preview.hold_price),
    quantity: t('trade.sharesValue', shareCount(preview.quantity)),
    leverage: preview.leverage,
    amount: amount(preview.margin),
  });
  return (
    <p className={styles.hint}>
      {t(`trade.hold.why.${preview.basis}`, {
        price: amount(preview.hold_price),
        reference: amount(preview.reference),
        buffer: preview.buffer ? new Decimal(preview.buffer).times(100).toFixed() : '',
        formula,
        fee: amount(preview.fee),
        what: t(cash ? 'trade.hold.whatCost' : 'trade.hold.whatMargin'),
      })}
    </p>
  );
}
