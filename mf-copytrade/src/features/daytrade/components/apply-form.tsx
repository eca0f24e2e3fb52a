import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ENDPOINTS, type DayTrade, type DayTradeConfig } from 'shared/contract';
import type { Market } from 'shared/mf';
import { formatMoney } from 'shared/money';
import { Button, Card, Field, SegmentedControl } from 'shared/ui';
import { RiskDisclosureDialog, layout, useContractForm } from 'shared/remote-kit';
import { DayTradeRefusal, NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useApplyDayTradeMutation, type ApplyBody } from '../api/apply-day-trade';
import { checkParticipation } from '../model/participation';
import { AllowancePreview } from './allowance-preview';
import { MarketTerms } from './market-terms';
import styles from './day-trading.module.css';

interface ApplyValues {
  market: Market;
  amount: string;
  fund_password: string;
}

/** Refusals about a field of the form when the answer names none. */
const KEY_FIELDS = {
  amount_required: 'amount',
  amount_invalid: 'amount',
  day_trade_min_participation: 'amount',
  day_trade_market_t_plus_one: 'market',
  fund_password_required: 'fund_password',
  fund_password_wrong: 'fund_password',
} as const;

export interface ApplyFormProps {
  config: DayTradeConfig;
  /** The market chosen first: the session's when it is open to day trading, else the first that is. */
  initialMarket: Market;
}

/** The application's contract form (riskKind day_trade: the server asks for the disclosure when applying). */
function useApplyForm({ config, initialMarket }: ApplyFormProps, setApplied: (applied: DayTrade | undefined) => void) {
  const host = useHost();
  const [apply] = useApplyDayTradeMutation();
  const termsOf = (market: Market) => config.markets.find((m) => m.market === market);
  const form = useContractForm<ApplyValues, ApplyBody>({
    endpoint: ENDPOINTS.dayTradeApply,
    namespace: NAMESPACE,
    labels: { amount: 'day.apply.amount', fund_password: 'day.apply.fundPassword', market: 'day.apply.market' },
    keyFields: KEY_FIELDS,
    defaultValues: { market: initialMarket, amount: '', fund_password: '' },
    toBody: (values) => ({ market: values.market, amount: values.amount.trim(), fund_password: values.fund_password }),
    rules: (values) => {
      const terms = termsOf(values.market);
      if (terms && !terms.allowed) return { market: { key: terms.refusal ?? 'day_trade_market_t_plus_one' } };
      const error = checkParticipation(values.amount, terms?.min_participation, terms?.available);
      if (error === 'day_trade_min_participation')
        return {
          amount: { key: error, values: { min: `${formatMoney(terms!.min_participation)} ${terms!.currency}` } },
        };
      return error === 'insufficient_balance' ? { amount: { key: error } } : {};
    },
    send: (body, idempotencyKey) => apply({ body, idempotencyKey }),
    onSuccess: (data, values) => {
      host.toast('day_trade_applied', { ns: 'msg' });
      setApplied(data as DayTrade);
      form.form.reset({ market: values.market, amount: '', fund_password: '' });
    },
    riskKind: 'day_trade',
  });
  return { form, termsOf };
}

/** The market choice: the markets /daytrade/config allows, its inline error and why the others are refused. */
function MarketChoice({
  markets,
  market,
  error,
  onChange,
}: {
  markets: DayTradeConfig['markets'];
  market: Market;
  error: string | undefined;
  onChange: (next: Market) => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <>
      <SegmentedControl
        label={t('day.apply.market')}
        showLabel
        value={market}
        onChange={onChange}
        options={markets.map((m) => ({
          value: m.market,
          label: t(`products.market.${m.market}`),
          disabled: !m.allowed,
        }))}
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {markets
        .filter((m) => !m.allowed)
        .map((m) => (
          <p key={m.market} className={layout.note} role="note">
            {t('day.apply.refusedMarket', {
              market: t(`products.market.${m.market}`),
              reason: t(`msg:${m.refusal ?? 'day_trade_market_t_plus_one'}`),
            })}
          </p>
        ))}
    </>
  );
}

/** The accepted application: its number, amount and day, and the way to today's panel. */
function AppliedNote({ applied }: { applied: DayTrade }) {
  const { t } = useRemoteTranslation();
  return (
    <p className={layout.note} role="status">
      {t('day.apply.success', {
        number: applied.order_no,
        amount: `${formatMoney(applied.participation)} ${applied.currency}`,
        date: applied.trade_date,
      })}{' '}
      <Link to="/home/withinDays?tab=today">{t('day.apply.seeToday')}</Link>
    </p>
  );
}

/**
 * The day-trading application: a market among those /daytrade/config allows (China's T+1 rule shown, its option
 * disabled), the participation amount from the market's minimum up to the available balance (checked before
 * sending, and again by the server), the allowance it gives computed live, and the fund password. POST
 * /daytrade/apply with the form's Idempotency-Key; the server's refusals land next to their field. When the server
 * asks for the day-trading risk disclosure it is shown (`riskKind`), and once accepted the same application is sent
 * again; declined, the refusal stays on the form with its hint until the next attempt.
 */
export function ApplyForm(props: ApplyFormProps) {
  const { config } = props;
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [applied, setApplied] = useState<DayTrade>();
  const { form, termsOf } = useApplyForm(props, setApplied);
  const [market, amount] = useWatch({ control: form.form.control, name: ['market', 'amount'] });
  const terms = termsOf(market);
  return (
    <Card title={t('day.apply.title')} className={layout.card}>
      <form className={layout.form} aria-label={t('day.apply.title')} onSubmit={form.onSubmit} noValidate>
        <MarketChoice
          markets={config.markets}
          market={market}
          error={form.errorOf('market')}
          onChange={(next: Market) => {
            form.form.setValue('market', next);
            form.form.clearErrors();
            setApplied(undefined);
          }}
        />
        {terms ? <MarketTerms terms={terms} multiple={config.multiple} /> : null}
        <Field
          label={t('day.apply.amountIn', { currency: terms?.currency ?? '' })}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('amount')}
        />
        <AllowancePreview amount={amount} multiple={config.multiple} currency={terms?.currency ?? ''} />
        <Field
          label={t('day.apply.fundPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('fund_password')}
        />
        <p className={layout.note}>{t('day.apply.hold')}</p>
        <DayTradeRefusal error={form.refusal} market={market} />
        <Button type="submit" block busy={form.busy} disabled={!terms?.allowed}>
          {t('day.apply.submit')}
        </Button>
        {applied ? <AppliedNote applied={applied} /> : null}
      </form>
      <RiskDisclosureDialog {...form.risk} language={host.getSession().language} refusal={DayTradeRefusal} />
    </Card>
  );
}
