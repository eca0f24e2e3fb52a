import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ENDPOINTS, type DayTrade, type TradePosition } from 'shared/contract';
import { Decimal } from 'shared/money';
import { Button, ConfirmDialog, Field, Money, ResultSheet, SegmentedControl, StatRow } from 'shared/ui';
import { RiskDisclosureDialog, layout, useContractForm, useDebounced } from 'shared/remote-kit';
import { DayTradeRefusal, NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetDayQuoteQuery } from '../api/get-day-quote';
import { usePlaceDayOrderMutation } from '../api/place-day-order';
import {
  EMPTY_DAY_ORDER,
  dayOrderBody,
  notionalOf,
  dayOrderRules,
  type DayOrderBody,
  type DayOrderDraft,
  type DayPriceType,
  type DaySide,
} from '../model/day-order';
import { OrderFigures, QuoteLine } from './order-figures';
import styles from './day-trading.module.css';

/** How often the quote of the typed code refreshes (the last price a market order's notional is computed at). */
const QUOTE_POLL_MS = 5_000;
/** How long the code must rest before its quote is asked for. */
const CODE_DEBOUNCE_MS = 400;

const LABELS = { code: 'day.order.code', price: 'day.order.price', quantity: 'day.order.quantity' } as const;
const KEY_FIELDS = {
  stock_not_found: 'code',
  price_required: 'price',
  price_beyond_limit: 'price',
  quantity_required: 'quantity',
  day_trade_allowance_exceeded: 'quantity',
} as const;

/** The order's contract form (riskKind leverage: the server asks for the leverage disclosure, as for a trade). */
function useDayOrder(application: DayTrade, setPlaced: (placed: TradePosition | null) => void) {
  const lang = useHost().getSession().language;
  const [place] = usePlaceDayOrderMutation();
  const order = useContractForm<DayOrderDraft, DayOrderBody>({
    endpoint: ENDPOINTS.dayTradeOrder,
    namespace: NAMESPACE,
    labels: LABELS,
    keyFields: KEY_FIELDS,
    defaultValues: EMPTY_DAY_ORDER,
    toBody: (values) => ({ ...dayOrderBody(values, application.id), lang }),
    // The quote of this moment (declared below: it follows the code typed in this form).
    rules: (values): ReturnType<typeof dayOrderRules> =>
      dayOrderRules(values, quote.data, quote.data?.price, application.remaining, application.currency),
    send: (body, idempotencyKey) => place({ body, idempotencyKey }),
    onSuccess: (data, values) => {
      setPlaced((data as TradePosition | null) ?? null);
      order.form.reset({ ...values, quantity: '' });
    },
    riskKind: 'leverage',
  });
  const [code, side, priceType, price, quantity] = useWatch({
    control: order.form.control,
    name: ['code', 'side', 'priceType', 'price', 'quantity'],
  });
  const draft: DayOrderDraft = { code, side, priceType, price, quantity };
  const settledCode = useDebounced(code.trim().toUpperCase(), CODE_DEBOUNCE_MS);
  const quote = useGetDayQuoteQuery(
    { code: settledCode, market: application.market, lang },
    { skip: !/^[A-Z0-9.]{1,16}$/.test(settledCode), pollingInterval: QUOTE_POLL_MS, skipPollingIfUnfocused: true },
  );
  return { order, draft, settledCode, quote };
}

/** What the confirmation shows of the checked order: stock, side, type, quantity, notional, allowance left. */
function DayOrderSummary({
  application,
  draft,
  stockName,
  notional,
}: {
  application: DayTrade;
  draft: DayOrderDraft;
  stockName: string;
  notional: Decimal | undefined;
}) {
  const { t } = useRemoteTranslation();
  const { side, priceType, price, quantity } = draft;
  return (
    <>
      <dl>
        <StatRow label={t('day.order.confirm.stock')}>{stockName}</StatRow>
        <StatRow label={t('day.order.side')}>{t(side === 'long' ? 'day.order.long' : 'day.order.short')}</StatRow>
        <StatRow label={t('day.order.type')}>
          {priceType === 'limit' ? (
            <>
              {t('day.order.limit')} <Money value={price.trim() || '0'} currency={application.currency} />
            </>
          ) : (
            t('day.order.market')
          )}
        </StatRow>
        <StatRow label={t('day.order.quantity')}>
          {t('day.order.confirm.shares', { quantity: quantity.trim() })}
        </StatRow>
        <StatRow label={t(priceType === 'market' ? 'day.order.notionalMarket' : 'day.order.notional')}>
          {notional ? <Money value={notional.toFixed()} currency={application.currency} /> : '—'}
        </StatRow>
        <StatRow label={t('day.order.confirm.remainingAfter')}>
          {notional ? (
            <Money
              value={new Decimal(application.remaining).minus(notional).toFixed()}
              currency={application.currency}
            />
          ) : (
            '—'
          )}
        </StatRow>
      </dl>
      <p className={layout.note}>
        {t(priceType === 'market' ? 'day.order.confirm.noteMarket' : 'day.order.confirm.noteLimit')}
      </p>
    </>
  );
}

/** The placed order's sheet: the server's answer (number, stock, side, price, quantity, margin, fee, state). */
function DayOrderResult({ placed, onClose }: { placed: TradePosition | null; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  return (
    <ResultSheet
      open={placed !== null}
      tone={placed?.state === 'pending' ? 'pending' : 'done'}
      title={t('order_placed', { ns: 'msg' })}
      rows={
        placed
          ? [
              { id: 'order_no', label: t('day.order.result.number'), value: placed.order_no },
              { id: 'stock', label: t('day.order.confirm.stock'), value: `${placed.name} (${placed.code})` },
              {
                id: 'side',
                label: t('day.order.side'),
                value: t(placed.direction === 'long' ? 'day.order.long' : 'day.order.short'),
              },
              {
                id: 'price',
                label: t(placed.state === 'pending' ? 'day.order.price' : 'day.order.result.filledAt'),
                value: <Money value={placed.buy_price} currency={placed.currency} />,
              },
              {
                id: 'quantity',
                label: t('day.order.quantity'),
                value: t('day.order.confirm.shares', { quantity: placed.stock_num }),
              },
              {
                id: 'margin',
                label: t('day.order.result.margin'),
                value: <Money value={placed.margin} currency={placed.currency} />,
              },
              {
                id: 'fee',
                label: t('day.order.result.fee'),
                value: <Money value={placed.fee} currency={placed.currency} />,
              },
              {
                id: 'state',
                label: t('day.order.result.state'),
                value: t(`day.positions.state.${placed.state}`),
              },
            ]
          : []
      }
      onClose={onClose}
    >
      <p className={layout.note}>{t('day.order.result.where')}</p>
    </ResultSheet>
  );
}

/** Buy long or sell short, market or limit. */
function DayOrderChoices({
  side,
  priceType,
  choose,
}: {
  side: DaySide;
  priceType: DayPriceType;
  choose: (name: 'side' | 'priceType', value: string) => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <>
      <SegmentedControl
        label={t('day.order.side')}
        showLabel
        value={side}
        onChange={(next: DaySide) => choose('side', next)}
        options={[
          { value: 'long', label: t('day.order.long'), tone: 'up' },
          { value: 'short', label: t('day.order.short'), tone: 'down' },
        ]}
      />
      <SegmentedControl
        label={t('day.order.type')}
        showLabel
        value={priceType}
        onChange={(next: DayPriceType) => choose('priceType', next)}
        options={[
          { value: 'market', label: t('day.order.market') },
          { value: 'limit', label: t('day.order.limit') },
        ]}
      />
    </>
  );
}

/**
 * The day-trade order of an approved application: stock code, buy long or sell short, market or limit, price,
 * quantity; the stock's last price (simulated data labelled) and today's limits; the notional against the
 * remaining allowance before sending. POST /daytrade/order with the submission's Idempotency-Key; an order
 * beyond the allowance is refused under the quantity with the remaining allowance named. A day-trade order is
 * leveraged (the application's multiple): when the server asks for the leverage risk disclosure it is shown
 * (`riskKind`), and once accepted the same order is sent again (as the trade form does); declined, the refusal
 * stays on the form with its hint until the next attempt.
 */
export function DayOrderForm({ application }: { application: DayTrade }) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  // Checked, then confirmed with its figures; the confirmation sends it; the server's answer is shown in a sheet.
  const [confirming, setConfirming] = useState(false);
  const [placed, setPlaced] = useState<TradePosition | null>(null);
  const { order, draft, settledCode, quote } = useDayOrder(application, setPlaced);
  const { form } = order;
  const { side, priceType } = draft;
  const onCheck = form.handleSubmit(() => setConfirming(true));
  // The dialog closes on the server's answer, whatever it is (a refusal stays on the form).
  const confirm = async () => {
    await order.onSubmit();
    setConfirming(false);
  };
  const notional = notionalOf(draft, quote.data?.price);
  const stock = quote.data && quote.data.code === settledCode ? quote.data : undefined;
  const choose = (name: 'side' | 'priceType', value: string) =>
    form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
  return (
    <>
      <form className={layout.form} aria-label={t('day.order.title')} onSubmit={onCheck} noValidate>
        <h3 className={styles.section}>{t('day.order.title')}</h3>
        <Field
          label={t('day.order.code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...order.field('code')}
        />
        <QuoteLine code={settledCode} quote={quote} />
        <DayOrderChoices side={side} priceType={priceType} choose={choose} />
        {priceType === 'limit' ? (
          <Field
            label={t('day.order.price')}
            inputMode="decimal"
            autoComplete="off"
            {...order.field('price')}
            suffix={<span className={styles.unit}>{application.currency}</span>}
          />
        ) : null}
        <Field
          label={t('day.order.quantity')}
          inputMode="numeric"
          autoComplete="off"
          {...order.field('quantity')}
          suffix={<span className={styles.unit}>{t('day.order.shares')}</span>}
        />
        <OrderFigures draft={draft} lastPrice={quote.data?.price} application={application} />
        <DayTradeRefusal error={order.refusal} market={application.market} />
        <Button type="submit" block variant={side === 'long' ? 'up' : 'down'} busy={order.busy}>
          {t(side === 'long' ? 'day.order.submitLong' : 'day.order.submitShort')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('day.order.confirm.title')}
        confirmLabel={t(side === 'long' ? 'day.order.submitLong' : 'day.order.submitShort')}
        tone={side === 'long' ? 'up' : 'down'}
        busy={order.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <DayOrderSummary
          application={application}
          draft={draft}
          stockName={stock ? t('day.order.stock', { name: stock.name, code: stock.code }) : settledCode}
          notional={notional}
        />
      </ConfirmDialog>
      <DayOrderResult placed={placed} onClose={() => setPlaced(null)} />
      <RiskDisclosureDialog {...order.risk} language={lang} refusal={DayTradeRefusal} />
    </>
  );
}
