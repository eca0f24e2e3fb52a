import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import type { Quote, TradeConfig, TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, formatMoney } from 'shared/money';
import { Button, Card, Field, Money, SegmentedControl, Skeleton, StatRow, StatusBadge } from 'shared/ui';
import { formatDateTime } from 'shared/remote-kit';
import { Refusal, apiErrorOf, useHost, useIdempotencyKey, useRemoteTranslation } from '#lib';
import { useGetTradeConfigQuery } from '../api/get-trade-config';
import { useGetTradeQuoteQuery } from '../api/get-trade-quote';
import { usePlaceOrderMutation } from '../api/place-order';
import {
  checkFields,
  priceDraft,
  type DraftError,
  type FieldErrors,
  type OrderDraft,
  type PriceType,
  type Side,
} from '../model/order-form';
import { usePropSource, useQuoteSelect, type QuoteSource } from '#lib/live';
import { OrderConfirmDialog, type OrderConfirmDialogProps } from './order-confirm-dialog';
import { RiskDisclosureDialog } from './risk-disclosure-dialog';
import styles from './trade-panel.module.css';

/** How often the form refreshes the last price when the composing screen hands it none. */
const QUOTE_POLL_MS = 5_000;
const FIELDS = ['price', 'quantity', 'leverage'] as const;

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
 * Checks with the shared schema before sending, confirms everything in a sheet, asks once for the
 * risk disclosure (leverage > 1 or short), and places the order with an Idempotency-Key.
 */
export function TradePanel({ code, market, quote: given, source: live }: TradePanelProps) {
  const { t, i18n } = useRemoteTranslation();
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
  const [place, placing] = usePlaceOrderMutation();
  const key = useIdempotencyKey();
  const [draft, setDraft] = useState<OrderDraft>({
    priceType: 'market',
    side: 'long',
    price: '',
    quantity: '',
    leverage: '1',
  });
  const [submitted, setSubmitted] = useState(false);
  const [step, setStep] = useState<'form' | 'risk' | 'confirm'>('form');
  const [placed, setPlaced] = useState<TradePosition | null>(null);
  const closedNoteId = useId();

  // The first leverage multiple of the config is the default once it arrives.
  const leverages = useMemo(() => config.data?.leverages ?? [], [config.data]);
  useEffect(() => {
    if (leverages.length && !leverages.map(String).includes(draft.leverage))
      setDraft((d) => ({ ...d, leverage: String(leverages[0]) }));
  }, [leverages, draft.leverage]);

  // Validation runs when the draft, the limits or the config change, never on a tick.
  const fields = useMemo(() => checkFields(draft, code, quote, config.data), [draft, code, quote, config.data]);
  const refusal = apiErrorOf(placing.error);
  const currency = config.data?.currency ?? quote?.currency ?? '';
  const status = quote?.status ?? config.data?.market_status;
  const nextOpen = quote?.next_open ?? config.data?.next_open ?? null;
  const open = status === 'open';
  const simulated = quote?.simulated ?? config.data?.simulated ?? false;

  const change = (patch: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    key.renew();
    setPlaced(null);
  };
  const shown = (field: 'price' | 'quantity' | 'leverage'): string | undefined => {
    const local = submitted ? fields[field] : undefined;
    if (local) return say(local, t(`trade.${field}`));
    if (refusal?.field === field)
      return t(`msg:${refusal.msg}`, { field: t(`trade.${field}`), ...(refusal.values ?? {}) });
    return undefined;
  };
  const say = (error: DraftError, field: string) => t(error.key, { field, ...(error.values ?? {}) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!open || !config.data || !quote) return;
    // The figures at the price of this moment (the confirmation then follows the price while open).
    const check = priceDraft(draft, fields, source.get()?.price, currency, config.data);
    if (check.errors.price || check.errors.quantity || check.errors.leverage || check.errors.balance || !check.estimate)
      return;
    setStep(check.needsRisk && !config.data.risk_acknowledged ? 'risk' : 'confirm');
  };
  const onConfirm = async () => {
    const answer = await place({
      body: {
        code,
        market,
        side: draft.side,
        price_type: draft.priceType,
        ...(draft.priceType === 'limit' ? { price: draft.price.trim() } : {}),
        quantity: draft.quantity.trim(),
        leverage: draft.leverage,
      },
      idempotencyKey: key.current(),
    });
    if ('data' in answer && answer.data) {
      setStep('form');
      key.renew();
      host.toast('order_placed', { ns: 'msg' });
      setPlaced(answer.data);
      setDraft((d) => ({ ...d, quantity: '' }));
      setSubmitted(false);
    } else if (apiErrorOf(answer.error)?.msg === 'risk_disclosure_required') {
      setStep('risk');
    } else {
      setStep('form');
    }
  };

  // The next open never breaks inside its date: the time is its own nowrap element.
  const disabledReason =
    !open && status ? (
      <Trans
        t={t}
        i18nKey={status === 'lunch' ? 'trade.status.lunch' : 'trade.status.closed'}
        values={{ time: formatDateTime(nextOpen, i18n.language) }}
        components={{ when: <time className={styles.when} dateTime={nextOpen ?? undefined} /> }}
      />
    ) : undefined;
  const limits = quote && (quote.limit_down !== null || quote.limit_up !== null) ? quote : undefined;

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
          onChange={(priceType: PriceType) => change({ priceType })}
          options={[
            { value: 'market', label: t('trade.market') },
            { value: 'limit', label: t('trade.limit') },
          ]}
        />
        <SegmentedControl
          label={t('trade.direction')}
          showLabel
          value={draft.side}
          onChange={(side: Side) => change({ side })}
          options={[
            { value: 'long', label: t('trade.long'), tone: 'up' },
            { value: 'short', label: t('trade.short'), tone: 'down' },
          ]}
        />
        {draft.priceType === 'limit' ? (
          <div>
            <Field
              label={t('trade.price')}
              inputMode="decimal"
              autoComplete="off"
              name="price"
              value={draft.price}
              onChange={(e) => change({ price: e.target.value })}
              error={shown('price')}
              suffix={<span className={styles.unit}>{currency}</span>}
            />
            <p className={styles.hint}>
              {limits
                ? t('trade.limits', {
                    down: limits.limit_down ? formatMoney(limits.limit_down) : '—',
                    up: limits.limit_up ? formatMoney(limits.limit_up) : '—',
                  })
                : quote
                  ? t('trade.noLimits')
                  : null}
            </p>
          </div>
        ) : (
          <p className={styles.marketPrice}>
            <span>{t('trade.marketPrice')}</span>
            <MarketPrice source={source} currency={currency} />
          </p>
        )}
        <Field
          label={t('trade.quantity')}
          inputMode="numeric"
          autoComplete="off"
          name="quantity"
          value={draft.quantity}
          onChange={(e) => change({ quantity: e.target.value })}
          error={shown('quantity')}
          suffix={<span className={styles.unit}>{t('trade.shares')}</span>}
        />
        {leverages.length ? (
          <SegmentedControl
            label={t('trade.leverage')}
            showLabel
            value={draft.leverage}
            onChange={(leverage: string) => change({ leverage })}
            options={leverages.map((l) => ({ value: String(l), label: t('trade.multiple', { value: l }) }))}
          />
        ) : null}
        {shown('leverage') ? (
          <p className={styles.error} role="alert">
            {shown('leverage')}
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
        <Refusal error={refusal?.msg === 'risk_disclosure_required' ? undefined : refusal} fields={FIELDS} />
        {config.isError ? (
          <div className={styles.refusal} role="alert">
            <p className={styles.refusalText}>{t('trade.configFailed')}</p>
            <Button variant="secondary" onClick={() => config.refetch()}>
              {t('trade.retry')}
            </Button>
          </div>
        ) : null}
        {disabledReason ? (
          <p id={closedNoteId} className={styles.closed} role="status">
            {disabledReason}
          </p>
        ) : null}
        <Button
          type="submit"
          block
          variant={draft.side === 'long' ? 'primary' : 'danger'}
          busy={placing.isLoading}
          disabled={!open || !config.data || !quote}
          aria-describedby={disabledReason ? closedNoteId : undefined}
        >
          {t(draft.side === 'long' ? 'trade.submitLong' : 'trade.submitShort')}
        </Button>
        {placed ? (
          <div className={styles.placed} role="status">
            <p className={styles.refusalText}>
              {t(placed.state === 'pending' ? 'trade.placed.pending' : 'trade.placed.filled', {
                orderNo: placed.order_no,
              })}
            </p>
            <Link
              className="ds-button ds-button--secondary"
              to={placed.state === 'pending' ? '/position/index?tab=orders' : '/position/index'}
            >
              {t(placed.state === 'pending' ? 'trade.placed.toOrders' : 'trade.placed.toPositions')}
            </Link>
          </div>
        ) : null}
      </form>
      <RiskDisclosureDialog
        open={step === 'risk'}
        onAccepted={() => setStep('confirm')}
        onCancel={() => setStep('form')}
      />
      <LiveConfirmDialog
        source={source}
        fields={fields}
        config={config.data}
        open={step === 'confirm'}
        busy={placing.isLoading}
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

const selectPrice = (q: Quote | undefined) => q?.price;

/** The last price a market order goes at: follows the ticks on its own. */
function MarketPrice({ source, currency }: { source: QuoteSource; currency: string }) {
  const price = useQuoteSelect(source, selectPrice);
  return price ? <Money value={price} currency={currency} /> : <span>—</span>;
}

interface PricedProps {
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
  const follow = active && draft.priceType === 'market';
  const last = useQuoteSelect(source, follow ? selectPrice : noPrice);
  return useMemo(() => priceDraft(draft, fields, last, currency, config), [draft, fields, last, currency, config]);
}
const noPrice = () => undefined;

function Estimate({ loading, ...props }: PricedProps & { loading: boolean }) {
  const { t } = useRemoteTranslation();
  const { estimate } = usePriced(props);
  const { currency, config } = props;
  return (
    <dl className={styles.summary} aria-label={t('trade.estimate')} aria-busy={loading || undefined}>
      <StatRow label={t('trade.margin')}>
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
  );
}

/** After a submit: the balance refusal with its way out, at the current price. */
function BalanceWayOut(props: PricedProps) {
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
function LiveConfirmDialog({
  source,
  fields,
  config,
  ...dialog
}: Omit<OrderConfirmDialogProps, 'price' | 'estimate'> & Pick<PricedProps, 'source' | 'fields' | 'config'>) {
  const { price, estimate } = usePriced({
    source,
    draft: dialog.draft,
    fields,
    currency: dialog.currency,
    config,
    active: dialog.open,
  });
  return <OrderConfirmDialog {...dialog} price={price} estimate={estimate} />;
}
