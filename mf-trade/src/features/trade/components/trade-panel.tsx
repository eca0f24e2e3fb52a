import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { ENDPOINTS, type DataOf, type Quote, type TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal } from 'shared/money';
import { Button, Card, Field, SegmentedControl, StatusBadge } from 'shared/ui';
import { RiskDisclosureDialog, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, apiErrorOf, useHost, useRemoteTranslation } from '#lib';
import { useGetTradeConfigQuery } from '../api/get-trade-config';
import { useGetTradeQuoteQuery } from '../api/get-trade-quote';
import { usePlaceOrderMutation, type PlaceOrderBody } from '../api/place-order';
import {
  EMPTY_DRAFT,
  checkFields,
  needsRisk,
  orderBody,
  orderRules,
  type OrderDraft,
  type PriceType,
  type Side,
} from '../model/order-form';
import { usePropSource, useQuoteSelect, type PricePicks, type QuoteSource } from '#lib/live';
import { BalanceWayOut, Estimate, LiveConfirmDialog, MarketPriceRow } from './order-figures';
import { ClosedNote, ConfigFailed, PlacedNote } from './order-notes';
import { LimitPriceField } from './limit-price-field';
import styles from './trade-panel.module.css';

/** How often the form refreshes the last price when the composing screen hands it none. */
const QUOTE_POLL_MS = 5_000;
/** Label keys of the fields (mf_trade), for the messages that name their field. */
const LABELS = { price: 'trade.price', quantity: 'trade.quantity', leverage: 'trade.leverage' } as const;
type Checked = keyof typeof LABELS;

export interface TradePanelProps {
  code: string;
  market: Market;
  /** The quote when the composing screen has one (else the form polls /stock/detail). */
  quote?: Quote;
  /**
   * The live quote as a store (the stock detail's): preferred over `quote`. A tick then re-renders
   * only the market price, the estimate and an open confirmation, never the form or its checks.
   */
  source?: QuoteSource;
  /** Prices picked elsewhere on the page (a level of the order book): each becomes the limit price. */
  picks?: PricePicks;
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
 * The trade form of spec §2 on the stock detail: limit or market, buy long or sell short, quantity,
 * leverage multiple (from /trade/config), fee, margin, total and available balance, market status.
 * One useContractForm over /trade/order: the contract's schema and the screen's rules (today's
 * limits, the allowed leverages, the available balance at the last price) are checked on submit,
 * everything is confirmed in a sheet, the risk disclosure is asked once (leverage > 1 or short), and
 * the confirmation sends the order with the submission's Idempotency-Key. The last price is read
 * from the quote source when checking, never held in the form: a tick re-validates nothing.
 */
export function TradePanel({ code, market, quote: given, source: live, picks }: TradePanelProps) {
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
  const [step, setStep] = useState<'form' | 'risk' | 'confirm'>('form');
  const [placed, setPlaced] = useState<TradePosition | null>(null);
  const closedNoteId = useId();
  // Whether the confirmation reached the server (else the checks refused it again: back to the form).
  const sent = useRef(false);
  // After an order: the quantity empties once the submission has settled.
  const clearQuantity = useRef(false);

  const currency = config.data?.currency ?? quote?.currency ?? '';
  const status = quote?.status ?? config.data?.market_status;
  const nextOpen = quote?.next_open ?? config.data?.next_open ?? null;
  const open = status === 'open';
  const simulated = quote?.simulated ?? config.data?.simulated ?? false;

  const order = useContractForm<OrderDraft, PlaceOrderBody>({
    endpoint: ENDPOINTS.placeOrder,
    defaultValues: EMPTY_DRAFT,
    toBody: (values) => orderBody(values, code, market),
    // The price of this moment, read from the source: checking never subscribes to the ticks.
    rules: (values) => orderRules(values, quote, config.data, source.get()?.price, currency),
    labels: LABELS,
    namespace: NAMESPACE,
    send: async (body, idempotencyKey) => {
      sent.current = true;
      const answer = await place({ body, idempotencyKey });
      if (answer.error !== undefined)
        setStep(apiErrorOf(answer.error)?.msg === 'risk_disclosure_required' ? 'risk' : 'form');
      return answer;
    },
    onSuccess: (data) => {
      setStep('form');
      host.toast('order_placed', { ns: 'msg' });
      clearQuantity.current = true;
      // The base query checked the answer against the entry's schema.
      setPlaced(data as DataOf<'placeOrder'>);
    },
  });
  const { form } = order;
  const submitted = form.formState.isSubmitted;
  const draft = useDraft(form.control);

  useEffect(() => {
    if (order.busy || !clearQuantity.current) return;
    clearQuantity.current = false;
    form.reset({ ...form.getValues(), quantity: '' }, { keepDefaultValues: true });
  }, [order.busy, placed, form]);

  // A picked price makes the order a limit order at that price.
  useEffect(
    () =>
      picks?.subscribe((price) => {
        setPlaced(null);
        form.setValue('priceType', 'limit');
        form.setValue('price', price, { shouldValidate: form.formState.isSubmitted });
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

  const choose = (name: 'priceType' | 'side' | 'leverage', value: string) => {
    form.setValue(name, value, { shouldValidate: submitted });
    setPlaced(null);
  };
  /** A field's inline error: the mf_trade wording for a malformed value, else the message with its field. */
  const errorText = (name: Checked) =>
    form.formState.errors[name]?.type === 'field_invalid' ? t(`trade.errors.${name}Invalid`) : order.errorOf(name);
  /** A typed field: its registration and inline error; typing hides the last order's note. */
  const typed = (name: 'price' | 'quantity') => {
    const props = order.field(name);
    return {
      ...props,
      error: errorText(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setPlaced(null);
        return props.onChange(event);
      },
    };
  };
  const leverageError = errorText('leverage');

  const onSubmit = form.handleSubmit((values) => {
    if (!open || !config.data || !quote) return;
    setStep(needsRisk(values) && !config.data.risk_acknowledged ? 'risk' : 'confirm');
  });
  const onConfirm = async () => {
    sent.current = false;
    await order.onSubmit();
    if (!sent.current) setStep('form');
  };

  const closed = !open && status ? status : undefined;
  const refusal = order.refusal?.msg === 'risk_disclosure_required' ? undefined : order.refusal;

  return (
    <Card
      title={t('trade.title')}
      className={styles.card}
      extra={simulated ? <StatusBadge label={t('trade.simulated')} tone="warning" /> : undefined}
    >
      <form className={styles.form} aria-label={t('trade.title')} onSubmit={onSubmit} noValidate>
        {status ? (
          <p className={styles.status}>
            <StatusBadge label={t(`trade.status.${status}Short`)} tone={open ? 'success' : 'neutral'} dot />
          </p>
        ) : null}
        <SegmentedControl
          label={t('trade.orderType')}
          showLabel
          value={draft.priceType}
          onChange={(priceType: PriceType) => choose('priceType', priceType)}
          options={[
            { value: 'market', label: t('trade.market') },
            { value: 'limit', label: t('trade.limit') },
          ]}
        />
        <SegmentedControl
          label={t('trade.direction')}
          showLabel
          value={draft.side}
          onChange={(side: Side) => choose('side', side)}
          options={[
            { value: 'long', label: t('trade.long'), tone: 'up' },
            { value: 'short', label: t('trade.short'), tone: 'down' },
          ]}
        />
        {draft.priceType === 'limit' ? (
          <LimitPriceField field={typed('price')} currency={currency} quote={quote} />
        ) : (
          <MarketPriceRow source={source} currency={currency} />
        )}
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
            onChange={(leverage: string) => choose('leverage', leverage)}
            options={leverages.map((l) => ({ value: String(l), label: t('trade.multiple', { value: l }) }))}
          />
        ) : null}
        {leverageError ? (
          <p className={styles.error} role="alert">
            {leverageError}
          </p>
        ) : null}
        <Estimate
          source={source}
          draft={draft}
          fields={fields}
          currency={currency}
          config={config.data}
          loading={config.isLoading}
        />
        {config.data ? (
          <p className={styles.hint}>
            {t('trade.feeRate', { rate: new Decimal(config.data.fee_rate).times(100).toFixed() })}
          </p>
        ) : null}
        {submitted ? (
          <BalanceWayOut source={source} draft={draft} fields={fields} currency={currency} config={config.data} />
        ) : null}
        <Refusal error={refusal} market={market} />
        {config.isError ? <ConfigFailed onRetry={() => config.refetch()} /> : null}
        {closed ? <ClosedNote id={closedNoteId} status={closed} nextOpen={nextOpen} market={market} /> : null}
        <Button
          type="submit"
          block
          variant={draft.side === 'long' ? 'primary' : 'danger'}
          busy={order.busy}
          disabled={!open || !config.data || !quote}
          aria-describedby={closed ? closedNoteId : undefined}
        >
          {t(draft.side === 'long' ? 'trade.submitLong' : 'trade.submitShort')}
        </Button>
        {placed ? <PlacedNote placed={placed} /> : null}
      </form>
      <RiskDisclosureDialog
        kind="leverage"
        open={step === 'risk'}
        language={language}
        onAccepted={() => setStep('confirm')}
        onCancel={() => setStep('form')}
        refusal={Refusal}
      />
      <LiveConfirmDialog
        source={source}
        fields={fields}
        config={config.data}
        open={step === 'confirm'}
        busy={order.busy}
        code={code}
        name={quote?.name}
        draft={draft}
        currency={currency}
        onConfirm={onConfirm}
        onCancel={() => setStep('form')}
      />
    </Card>
  );
}

/** The form's values as one draft, stable while none of them changes. */
function useDraft(control: Control<OrderDraft>) {
  const [priceType, side, price, quantity, leverage] = useWatch({
    control,
    name: ['priceType', 'side', 'price', 'quantity', 'leverage'],
  });
  return useMemo<OrderDraft>(
    () => ({ priceType, side, price, quantity, leverage }),
    [priceType, side, price, quantity, leverage],
  );
}
