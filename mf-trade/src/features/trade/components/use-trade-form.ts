import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import type { WithMessage } from 'shared/api';
import { ENDPOINTS, type Quote, type TradeConfig, type TradePosition } from 'shared/contract';
import type { Language } from 'shared/mf';
import { formatMoney, parseDecimal } from 'shared/money';
import { useContractForm, type RiskContractForm } from 'shared/remote-kit';
import { NAMESPACE, useRemoteTranslation } from '#lib';
import { usePropSource, useQuoteSelect, type PricePicks } from '#lib/live';
import { useGetTradeConfigQuery } from '../api/get-trade-config';
import { useGetTradeQuoteQuery } from '../api/get-trade-quote';
import { usePlaceOrderMutation, type PlaceOrderBody } from '../api/place-order';
import { ADVANCED_KEY_FIELDS } from '../model/advanced-rules';
import { EMPTY_DRAFT, needsRisk, orderBody, orderRules, type OrderDraft } from '../model/order-form';
import type { TradeFormProps } from './trade-form';

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
export type TypedName = 'price' | 'quantity' | 'trigger_price' | 'valid_until' | 'take_profit' | 'stop_loss';
/** The chosen (not typed) values of the form. */
export type ChosenName = 'priceType' | 'side' | 'leverage' | 'order_type' | 'validity' | 'exits';

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
 * What the form knows of the market: /trade/config, the quote's source (the given store, the given quote, else
 * /stock/detail polled) and the form's part of it, the currency, the status and when the market opens next.
 */
export function useTradeMarket(
  { code, market, quote: given, source: live }: Pick<TradeFormProps, 'code' | 'market' | 'quote' | 'source'>,
  language: Language,
) {
  const config = useGetTradeConfigQuery(market, { refetchOnMountOrArgChange: true });
  const polled = useGetTradeQuoteQuery(
    { code, market, lang: language },
    { skip: Boolean(given || live), pollingInterval: QUOTE_POLL_MS, skipPollingIfUnfocused: true },
  );
  const propSource = usePropSource(given ?? polled.data);
  const source = live ?? propSource;
  const quote = useQuoteSelect(source, selectForm);
  const status = quote?.status ?? config.data?.market_status;
  return {
    config,
    source,
    quote,
    currency: config.data?.currency ?? quote?.currency ?? '',
    status,
    nextOpen: quote?.next_open ?? config.data?.next_open ?? null,
    open: status === 'open',
    simulated: quote?.simulated ?? config.data?.simulated ?? false,
  };
}

export type TradeMarket = ReturnType<typeof useTradeMarket>;

/**
 * The order's useContractForm over /trade/order with its leverage risk gate, and the steps around it: the submit
 * checks and opens the confirmation (the disclosure first when the config says it is not acknowledged), the
 * confirmation sends the order; a refusal (or checks that refused it again) close the confirmation.
 */
export function useOrderForm(
  { code, market, side, price, onPlaced }: Pick<TradeFormProps, 'code' | 'market' | 'side' | 'price' | 'onPlaced'>,
  { config, source, quote, currency, open, nextOpen }: TradeMarket,
  language: Language,
) {
  const [place] = usePlaceOrderMutation();
  const [confirming, setConfirming] = useState(false);
  // Whether the confirmation reached the server (else the checks refused it again: back to the form).
  const sent = useRef(false);
  const order: RiskContractForm<OrderDraft> = useContractForm<OrderDraft, PlaceOrderBody>({
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

  // The dialog opens in a transition: the tap's own update (the button's state) paints first (issue 15, INP).
  // A first leveraged order asks the disclosure before the confirmation (the config says it is not acknowledged).
  const onSubmit = order.form.handleSubmit((values) => {
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
  return { order, confirming, onSubmit, onConfirm, onCancel: () => setConfirming(false) };
}

/**
 * The values the form takes from elsewhere: a picked price makes the order a limit order at that price; the first
 * leverage multiple of the config is the default once it arrives. Answers the config's leverages.
 */
export function useDraftDefaults(
  form: UseFormReturn<OrderDraft>,
  draft: OrderDraft,
  picks: PricePicks | undefined,
  config: TradeConfig | undefined,
): number[] {
  useEffect(
    () =>
      picks?.subscribe((picked) => {
        form.setValue('priceType', 'limit');
        form.setValue('price', picked, { shouldValidate: form.formState.isSubmitted });
      }),
    [picks, form],
  );

  const leverages = useMemo(() => config?.leverages ?? [], [config]);
  useEffect(() => {
    if (leverages.length && !leverages.map(String).includes(draft.leverage))
      form.setValue('leverage', String(leverages[0]));
  }, [leverages, draft.leverage, form]);
  return leverages;
}

/** How the form sets a chosen value, and the inline errors of its fields in the mf_trade wording. */
export function useFieldErrors(order: RiskContractForm<OrderDraft>, currency: string, config: TradeConfig | undefined) {
  const { t } = useRemoteTranslation();
  const { form } = order;
  const choose = (name: ChosenName, value: unknown) =>
    form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
  /** A field's inline error: the mf_trade wording for a malformed value (what to enter, in which currency), else the
   * message. */
  const errorText = (name: Checked) =>
    form.formState.errors[name]?.type === 'field_invalid'
      ? t(INVALID[name], {
          currency,
          min: config?.order_session_date ?? '—',
          max: config?.valid_until_max ?? '—',
        })
      : order.errorOf(name);
  /** A typed field: its registration and inline error. */
  const typed = (name: TypedName) => ({ ...order.field(name), error: errorText(name) });
  return { choose, typed, leverageError: errorText('leverage') };
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
export function useDraft(control: Control<OrderDraft>): OrderDraft {
  const values = useWatch({ control, name: WATCHED as unknown as (keyof OrderDraft)[] }) as unknown[];
  const key = JSON.stringify(values);
  return useMemo(
    () => Object.fromEntries(WATCHED.map((name, i) => [name, values[i]])) as unknown as OrderDraft,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
}
