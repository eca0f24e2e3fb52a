import { startTransition, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { WithMessage } from 'shared/api';
import { ENDPOINTS, type Quote, type TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, formatMoney, parseDecimal } from 'shared/money';
import { Button, Field, SegmentedControl, StatusBadge } from 'shared/ui';
import { RiskDisclosureDialog, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useHost, useRemoteTranslation } from '#lib';
import { useGetTradeConfigQuery } from '../api/get-trade-config';
import { useGetTradeQuoteQuery } from '../api/get-trade-quote';
import { usePlaceOrderMutation, type PlaceOrderBody } from '../api/place-order';
import { ADVANCED_KEY_FIELDS } from '../model/advanced-rules';
import { SIDE_STYLE } from '../model/side-style';
import {
  EMPTY_DRAFT,
  checkFields,
  effectivePriceType,
  needsRisk,
  orderBody,
  orderRules,
  type OrderDraft,
  type PriceType,
  type Side,
} from '../model/order-form';
import { usePropSource, useQuoteSelect, type PricePicks, type QuoteSource } from '#lib/live';
import { OrderTypeControl, TriggerField, ValidityAndExits } from './advanced-fields';
import { BalanceWayOut, Estimate, LiveConfirmDialog, MarketPriceRow } from './order-figures';
import { ClosedNote, ConfigFailed } from './order-notes';
import { LimitPriceField } from './limit-price-field';
import styles from './trade-panel.module.css';

/** How often the form refreshes the last price when the composing screen hands it none. */
const QUOTE_POLL_MS = 5_000;
/** Label keys of the fields (mf_trade), for the messages that name their field. */
const LABELS = {
  price: 'trade.price',
  quantity: 'trade.quantity',
  leverage: 'trade.leverage',
  trigger_price: 'trade.adv.trigger',
  valid_until: 'trade.adv.validUntil',
  take_profit: 'trade.adv.takeProfit',
  stop_loss: 'trade.adv.stopLoss',
} as const;
type Checked = keyof typeof LABELS;
type TypedName = 'price' | 'quantity' | 'trigger_price' | 'valid_until' | 'take_profit' | 'stop_loss';

export interface TradeFormProps {
  code: string;
  market: Market;
  /** The quote when the composing screen has one (else the form polls /stock/detail). */
  quote?: Quote;
  /** The live quote as a store (the stock detail's): preferred over `quote`. */
  source?: QuoteSource;
  /** Prices picked elsewhere on the page (a level of the order book): each becomes the limit price. */
  picks?: PricePicks;
  /** The side the form opens with (the bar's Buy or Sell). */
  side?: Side;
  /** A limit price the form opens with (a level picked in the order book). */
  price?: string;
  /**
   * After the server accepted the order: its answer with the server's message, when the market opens next and the
   * stock as the form names it ("Name (code)", the reader's language), for the result sheet.
   */
  onPlaced?: (placed: WithMessage<TradePosition>, nextOpen: string | null, stock: string) => void;
}

/** What the form itself shows of the quote: nothing here moves at tick rate. */
const selectForm = (q: Quote | undefined) =>
  q
    ? {
        market: q.market,
        name: q.name,
        currency: q.currency,
        status: q.status,
        next_open: q.next_open,
        limit_down: q.limit_down,
        limit_up: q.limit_up,
        simulated: q.simulated,
      }
    : undefined;

/**
 * The trade form of spec §2 and issue 13: order type (normal, stop, OCO), limit or market, buy long or sell short,
 * trigger, quantity, leverage (from /trade/config), validity, optional take-profit / stop-loss, fee, margin, total
 * and available balance. One useContractForm over /trade/order: the contract's schema and the screen's rules
 * (today's limits, the allowed leverages, the advanced side checks, the available balance at the last price) are
 * checked on submit, everything is confirmed, the leverage disclosure is asked first when the config says it is not
 * acknowledged (leverage > 1 or short), and the confirmation sends the order with the submission's Idempotency-Key; a
 * server that still asks for the disclosure opens it, and once accepted the same order is sent again (the form's
 * risk gate, useContractForm `riskKind`). Outside hours the order is accepted and
 * waits for the open (the note says when). The last price is read from the quote source when checking.
 */
export function TradeForm({ code, market, quote: given, source: live, picks, side, price, onPlaced }: TradeFormProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const config = useGetTradeConfigQuery(market, { refetchOnMountOrArgChange: true });
  const polled = useGetTradeQuoteQuery(
    { code, market, lang: language },
    { skip: Boolean(given || live), pollingInterval: QUOTE_POLL_MS, skipPollingIfUnfocused: true },
  );
  const propSource = usePropSource(given ?? polled.data);
  const source = live ?? propSource;
  const quote = useQuoteSelect(source, selectForm);
  const [place] = usePlaceOrderMutation();
  const [confirming, setConfirming] = useState(false);
  const closedNoteId = useId();
  // Whether the confirmation reached the server (else the checks refused it again: back to the form).
  const sent = useRef(false);

  const currency = config.data?.currency ?? quote?.currency ?? '';
  const status = quote?.status ?? config.data?.market_status;
  const nextOpen = quote?.next_open ?? config.data?.next_open ?? null;
  const open = status === 'open';
  const simulated = quote?.simulated ?? config.data?.simulated ?? false;

  const order = useContractForm<OrderDraft, PlaceOrderBody>({
    endpoint: ENDPOINTS.placeOrder,
    defaultValues: {
      ...EMPTY_DRAFT,
      side: side ?? EMPTY_DRAFT.side,
      ...(price ? { priceType: 'limit' as const, price } : {}),
    },
    toBody: (values) => ({ ...orderBody(values, code, market), lang: language }),
    // The price of this moment, read from the source: checking never subscribes to the ticks.
    rules: (values) => orderRules(values, quote, config.data, source.get()?.price, currency, open),
    labels: LABELS,
    keyFields: ADVANCED_KEY_FIELDS,
    readValues: (values) => pricesWithCurrency(values, currency),
    namespace: NAMESPACE,
    // The server asks for the leverage disclosure: the form opens it, and once accepted sends the same order again.
    riskKind: 'leverage',
    send: async (body, idempotencyKey) => {
      sent.current = true;
      const answer = await place({ body, idempotencyKey });
      if (answer.error !== undefined) setConfirming(false);
      return answer;
    },
    onSuccess: (data) => {
      setConfirming(false);
      // The base query checked the answer against the entry's schema; the message came with it.
      const name = quote?.name;
      onPlaced?.(data as WithMessage<TradePosition>, nextOpen, name && name !== code ? `${name} (${code})` : code);
    },
  });
  const { form } = order;
  const submitted = form.formState.isSubmitted;
  const draft = useDraft(form.control);
  const priceType = effectivePriceType(draft);

  // A picked price makes the order a limit order at that price.
  useEffect(
    () =>
      picks?.subscribe((picked) => {
        form.setValue('priceType', 'limit');
        form.setValue('price', picked, { shouldValidate: form.formState.isSubmitted });
      }),
    [picks, form],
  );

  // The first leverage multiple of the config is the default once it arrives.
  const leverages = useMemo(() => config.data?.leverages ?? [], [config.data]);
  useEffect(() => {
    if (leverages.length && !leverages.map(String).includes(draft.leverage))
      form.setValue('leverage', String(leverages[0]));
  }, [leverages, draft.leverage, form]);

  // The estimate's checks run when the draft, the limits or the config change, never on a tick.
  const fields = useMemo(
    () => checkFields(draft, code, market, quote, config.data),
    [draft, code, market, quote, config.data],
  );

  const choose = (name: 'priceType' | 'side' | 'leverage' | 'order_type' | 'validity' | 'exits', value: unknown) =>
    form.setValue(name, value as never, { shouldValidate: submitted });
  /** A field's inline error: the mf_trade wording for a malformed value (what to enter, in which currency), else the
   * message. */
  const errorText = (name: Checked) =>
    form.formState.errors[name]?.type === 'field_invalid'
      ? t(INVALID[name], {
          currency,
          min: config.data?.order_session_date ?? '—',
          max: config.data?.valid_until_max ?? '—',
        })
      : order.errorOf(name);
  /** A typed field: its registration and inline error. */
  const typed = (name: TypedName) => ({ ...order.field(name), error: errorText(name) });
  const leverageError = errorText('leverage');

  // The dialog opens in a transition: the tap's own update (the button's state) paints first (issue 15, INP).
  // A first leveraged order asks the disclosure before the confirmation (the config says it is not acknowledged).
  const onSubmit = form.handleSubmit((values) => {
    if (!config.data || !quote) return;
    const confirm = () => startTransition(() => setConfirming(true));
    if (needsRisk(values) && !config.data.risk_acknowledged) order.risk.ask(confirm);
    else confirm();
  });
  const onConfirm = async () => {
    sent.current = false;
    await order.onSubmit();
    if (!sent.current) setConfirming(false);
  };

  const closed = !open && status ? status : undefined;

  return (
    <>
      <form className={styles.form} aria-label={t('trade.title')} onSubmit={onSubmit} noValidate>
        {status || simulated ? (
          <p className={styles.status}>
            {status ? (
              <StatusBadge label={t(`trade.status.${status}Short`)} tone={open ? 'success' : 'neutral'} dot />
            ) : null}
            {simulated ? <StatusBadge label={t('trade.simulated')} tone="warning" /> : null}
          </p>
        ) : null}
        {closed ? <ClosedNote id={closedNoteId} status={closed} nextOpen={nextOpen} market={market} /> : null}
        <SegmentedControl
          label={t('trade.direction')}
          showLabel
          value={draft.side}
          onChange={(value: Side) => choose('side', value)}
          options={(['long', 'short'] as const).map((value) => ({
            value,
            label: t(SIDE_STYLE[value].label),
            tone: SIDE_STYLE[value].tone,
          }))}
        />
        <OrderTypeControl draft={draft} choose={choose} />
        <SegmentedControl
          label={t('trade.adv.priceType')}
          showLabel
          value={priceType}
          onChange={(value: PriceType) => choose('priceType', value)}
          options={[
            { value: 'market', label: t('trade.market'), disabled: draft.order_type === 'oco' },
            { value: 'limit', label: t('trade.limit') },
          ]}
        />
        {priceType === 'limit' ? (
          <LimitPriceField field={typed('price')} currency={currency} quote={quote} />
        ) : (
          <MarketPriceRow source={source} currency={currency} />
        )}
        <TriggerField draft={draft} currency={currency} typed={typed} />
        <Field
          label={t('trade.quantity')}
          inputMode="numeric"
          autoComplete="off"
          {...typed('quantity')}
          suffix={<span className={styles.unit}>{t('trade.shares')}</span>}
        />
        {leverages.length ? (
          <SegmentedControl
            label={t('trade.leverage')}
            showLabel
            value={draft.leverage}
            onChange={(value: string) => choose('leverage', value)}
            options={leverages.map((l) => ({ value: String(l), label: t('trade.multiple', { value: l }) }))}
          />
        ) : null}
        {leverageError ? (
          <p className={styles.error} role="alert">
            {leverageError}
          </p>
        ) : null}
        <ValidityAndExits draft={draft} currency={currency} config={config.data} typed={typed} choose={choose} />
        <Estimate
          source={source}
          draft={draft}
          fields={fields}
          currency={currency}
          config={config.data}
          loading={config.isLoading}
          open={open}
        />
        {config.data ? (
          <p className={styles.hint}>
            {t('trade.feeRate', { rate: new Decimal(config.data.fee_rate).times(100).toFixed() })}
          </p>
        ) : null}
        {submitted ? (
          <BalanceWayOut source={source} draft={draft} fields={fields} currency={currency} config={config.data} />
        ) : null}
        <Refusal error={order.refusal} market={market} />
        {config.isError ? <ConfigFailed onRetry={() => config.refetch()} /> : null}
        <Button
          type="submit"
          block
          variant={SIDE_STYLE[draft.side].tone}
          busy={order.busy}
          disabled={!config.data || !quote}
          aria-describedby={closed ? closedNoteId : undefined}
        >
          {t(SIDE_STYLE[draft.side].submit)}
        </Button>
      </form>
      <RiskDisclosureDialog {...order.risk} language={language} refusal={Refusal} />
      <LiveConfirmDialog
        source={source}
        fields={fields}
        config={config.data}
        open={confirming}
        busy={order.busy}
        code={code}
        market={market}
        name={quote?.name}
        draft={draft}
        currency={currency}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * The mf_trade wording of a malformed value, by field: what to enter and in which currency (issue 35: the form said
 * "the field Valid until is not valid").
 */
const INVALID: Record<Checked, string> = {
  price: 'trade.errors.priceInvalid',
  quantity: 'trade.errors.quantityInvalid',
  leverage: 'trade.errors.leverageInvalid',
  trigger_price: 'trade.errors.triggerInvalid',
  valid_until: 'trade.errors.validUntilInvalid',
  take_profit: 'trade.errors.takeProfitInvalid',
  stop_loss: 'trade.errors.stopLossInvalid',
};

/** The values of a refusal that are prices (trigger_already_reached, take_profit_side, price_beyond_limit ...). */
const PRICE_VALUES = ['price', 'down', 'up', 'trigger', 'exit'];

/** A refusal's prices as the user reads them: grouped, 2 decimals, with the market's currency ("2,950.50 JPY"). */
export function pricesWithCurrency(values: Record<string, unknown>, currency: string): Record<string, unknown> {
  const out = { ...values };
  for (const key of PRICE_VALUES) {
    const value = out[key];
    if (typeof value === 'string' && parseDecimal(value)) out[key] = `${formatMoney(value)} ${currency}`.trim();
  }
  return out;
}

const WATCHED = [
  'priceType',
  'side',
  'price',
  'quantity',
  'leverage',
  'order_type',
  'trigger_price',
  'validity',
  'valid_until',
  'exits',
  'take_profit',
  'stop_loss',
] as const;

/** The form's values as one draft, stable while none of them changes. */
function useDraft(control: Control<OrderDraft>): OrderDraft {
  const values = useWatch({ control, name: WATCHED as unknown as (keyof OrderDraft)[] }) as unknown[];
  const key = JSON.stringify(values);
  return useMemo(
    () => Object.fromEntries(WATCHED.map((name, i) => [name, values[i]])) as unknown as OrderDraft,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
}
