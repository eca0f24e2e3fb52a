import type { TradeConfig } from 'shared/contract';
import { Decimal } from 'shared/money';
import { Field, SegmentedControl, StatusBadge, type FieldProps } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import type { QuoteSource } from '#lib/live';
import { effectivePriceType, type OrderDraft, type PriceType, type Side } from '../model/order-form';
import { SIDE_STYLE } from '../model/side-style';
import { OrderTypeControl, TriggerField, ValidityAndExits } from './advanced-fields';
import { LimitPriceField } from './limit-price-field';
import { MarketPriceRow } from './order-figures';
import type { ChosenName, TradeMarket, TypedName } from './use-trade-form';
import styles from './trade-panel.module.css';

/** The market's status and the simulated-data badge above the form (nothing while neither is known). */
export function TradeStatus({ status, open, simulated }: Pick<TradeMarket, 'status' | 'open' | 'simulated'>) {
  const { t } = useRemoteTranslation();
  if (!status && !simulated) return null;
  return (
    <p className={styles.status}>
      {status ? <StatusBadge label={t(`trade.status.${status}Short`)} tone={open ? 'success' : 'neutral'} dot /> : null}
      {simulated ? <StatusBadge label={t('trade.simulated')} tone="warning" /> : null}
    </p>
  );
}

/** The fee rate of the config, as a percentage (nothing while it loads). */
export function FeeRate({ config }: { config: Pick<TradeConfig, 'fee_rate'> | undefined }) {
  const { t } = useRemoteTranslation();
  if (!config) return null;
  return (
    <p className={styles.hint}>{t('trade.feeRate', { rate: new Decimal(config.fee_rate).times(100).toFixed() })}</p>
  );
}

export interface OrderFieldsProps {
  draft: OrderDraft;
  market: Pick<TradeMarket, 'config' | 'source' | 'quote' | 'currency'>;
  leverages: number[];
  leverageError: string | undefined;
  /** A typed field's registration and inline error. */
  typed: (name: TypedName) => Omit<FieldProps, 'label'>;
  /** Sets a chosen value. */
  choose: (name: ChosenName, value: unknown) => void;
}

/**
 * The order's fields: direction, order type, price type and the limit price (or the last price), the trigger,
 * quantity, leverage, validity and exits.
 */
export function OrderFields({ draft, market, leverages, leverageError, typed, choose }: OrderFieldsProps) {
  const { t } = useRemoteTranslation();
  const { config, source, quote, currency } = market;
  return (
    <>
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
      <PriceFields draft={draft} typed={typed} choose={choose} currency={currency} quote={quote} source={source} />
      <TriggerField draft={draft} currency={currency} typed={typed} />
      <Field
        label={t('trade.quantity')}
        inputMode="numeric"
        autoComplete="off"
        {...typed('quantity')}
        suffix={<span className={styles.unit}>{t('trade.shares')}</span>}
      />
      <LeverageControl draft={draft} leverages={leverages} leverageError={leverageError} choose={choose} />
      <ValidityAndExits draft={draft} currency={currency} config={config.data} typed={typed} choose={choose} />
    </>
  );
}

/** The price type (market or limit), then the limit price field or the market's last price. */
function PriceFields({
  draft,
  typed,
  choose,
  currency,
  quote,
  source,
}: Pick<OrderFieldsProps, 'draft' | 'typed' | 'choose'> &
  Pick<TradeMarket, 'currency' | 'quote'> & { source: QuoteSource }) {
  const { t } = useRemoteTranslation();
  const priceType = effectivePriceType(draft);
  return (
    <>
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
    </>
  );
}

/** The leverage multiples of the config (none while it loads) and the leverage's inline error. */
function LeverageControl({
  draft,
  leverages,
  leverageError,
  choose,
}: Pick<OrderFieldsProps, 'draft' | 'leverages' | 'leverageError' | 'choose'>) {
  const { t } = useRemoteTranslation();
  return (
    <>
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
    </>
  );
}
