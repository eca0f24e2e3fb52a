import { useEffect, useRef, useState } from 'react';
import { Button, Card, ConfirmDialog, Field, Money, PageFrame, StatRow } from 'shared/ui';
import { formatMoney, formatPercent, parseDecimal, type Currency } from 'shared/money';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { DetailList, layout, SelectField, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, formatLocalTime, useGetFundsBalancesQuery, useHost, useRemoteTranslation } from '#lib';
import { useGetExchangeRatesQuery } from '../api/get-rates';
import { useSubmitExchangeMutation } from '../api/submit-exchange';
import { CURRENCIES, exchangeRules, naturalRate, quoteExchange, validateExchange } from '../model/exchange';
import styles from './exchange.module.css';

/** Rates are refreshed while the screen is open; the server re-reads its own rate when it books. */
const RATE_POLL_MS = 30_000;

interface ExchangeValues {
  from: Currency;
  to: Currency;
  amount: string;
}

/**
 * /mine/exchange: between the nine currencies of spec §9, with the live rate, spread and what you
 * receive; confirm, then the server's result.
 */
export function ExchangeScreen() {
  const { t, i18n } = useRemoteTranslation();
  // "1 USD = 150.12 JPY", never "1 JPY = 0.00666667 USD": the higher-valued currency is quoted as 1.
  const rateText = (from: string, to: string, rate: string) => {
    const natural = naturalRate(from, to, rate);
    return t('exchange.rateValue', { from: natural.base, to: natural.quote, rate: natural.rate });
  };
  const host = useHost();
  const rates = useGetExchangeRatesQuery(undefined, { pollingInterval: RATE_POLL_MS });
  const balances = useGetFundsBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [submit] = useSubmitExchangeMutation();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<DataOf<'exchange'> | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The result card is below the form: bring it into view once the exchange is booked.
  useEffect(() => {
    if (done) resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [done]);
  const balanceOf = (c: Currency) =>
    balances.data?.find((b) => b.currency === c)?.available ?? (balances.data ? '0' : undefined);

  const exchange = useContractForm<ExchangeValues>({
    endpoint: ENDPOINTS.exchange,
    namespace: NAMESPACE,
    defaultValues: { from: 'JPY', to: 'USD', amount: '' },
    toBody: (values) => ({ ...values, amount: values.amount.trim() }),
    rules: (values) => {
      const own = exchangeRules(values);
      const value = parseDecimal(values.amount.trim());
      const available = balanceOf(values.from);
      const over = value && available !== undefined && value.gt(available);
      const amount = own.amount ?? (over ? 'insufficient_balance' : undefined);
      return { to: own.to ? { key: own.to } : undefined, amount: amount ? { key: amount } : undefined };
    },
    send: (body, idempotencyKey) => submit({ body, idempotencyKey }),
    onSuccess: (data, values) => {
      host.toast('exchange_success', { ns: 'msg' });
      exchange.form.reset({ ...values, amount: '' });
      setDone((data as DataOf<'exchange'> | null) ?? null);
    },
  });
  const { watch, setValue, formState, handleSubmit } = exchange.form;
  const { from, to, amount } = watch();
  // A changed request hides the result of the previous one.
  useEffect(() => {
    const subscription = watch(() => setDone(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const errors = validateExchange({ from, to, amount });
  const pair = rates.data?.find((r) => r.from === from && r.to === to);
  const value = parseDecimal(amount.trim());
  const quote =
    pair && value && !errors.amount && from !== to ? quoteExchange(value, to, pair.rate, pair.spread) : undefined;
  const available = balanceOf(from);
  const options = CURRENCIES.map((c) => {
    const b = balanceOf(c);
    return {
      value: c,
      label:
        b === undefined
          ? t(`currency.${c}`)
          : t('exchange.currencyWithBalance', { currency: t(`currency.${c}`), balance: formatMoney(b) }),
    };
  });
  const swap = () => {
    const validate = { shouldValidate: formState.isSubmitted };
    setValue('from', to, validate);
    setValue('to', from, validate);
  };
  // The form is checked first (schema and rules), then confirmed; the confirmation sends it.
  const onCheck = handleSubmit(() => {
    if (pair) setConfirming(true);
  });
  // The dialog closes on the server's answer, whatever it is.
  const confirm = async () => {
    await exchange.onSubmit();
    setConfirming(false);
  };

  return (
    <PageFrame title={t('exchange.title')}>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('exchange.title')} onSubmit={onCheck} noValidate>
          <SelectField label={t('exchange.from')} {...exchange.field('from')} value={from} options={options} />
          <div className={styles.swapRow}>
            <button type="button" className={styles.swap} onClick={swap} aria-label={t('exchange.swap')}>
              ⇅
            </button>
          </div>
          <SelectField label={t('exchange.to')} {...exchange.field('to')} value={to} options={options} />
          <Field
            label={t('exchange.amount', { currency: from })}
            inputMode="decimal"
            autoComplete="off"
            {...exchange.field('amount')}
          />
          <p className={styles.available}>
            <span>{t('exchange.available')}</span>
            {available !== undefined ? <Money value={available} currency={from} /> : <span>—</span>}
          </p>
          <dl className={styles.quote} aria-label={t('exchange.quote')}>
            <StatRow label={t('exchange.rate')}>
              {pair ? <span className="ds-num">{rateText(from, to, pair.rate)}</span> : '—'}
            </StatRow>
            <StatRow label={t('exchange.spread')}>
              {pair ? <span className="ds-num">{formatPercent(pair.spread, { sign: false })}</span> : '—'}
            </StatRow>
            <StatRow label={t('exchange.fee')}>
              {quote ? <Money value={quote.fee.toFixed()} currency={to} /> : '—'}
            </StatRow>
            <StatRow label={t('exchange.receive')}>
              {quote ? <Money value={quote.credited.toFixed()} currency={to} className={styles.receive} /> : '—'}
            </StatRow>
          </dl>
          <p className={layout.note} role="note">
            {pair
              ? t('exchange.rateNote', { time: formatLocalTime(pair.updated_at, i18n.language) })
              : rates.isError
                ? t('exchange.rateUnavailable')
                : t('exchange.rateLoading')}
          </p>
          <Refusal error={exchange.refusal} />
          <Button type="submit" block busy={exchange.busy} disabled={!pair}>
            {t('exchange.submit')}
          </Button>
        </form>
      </Card>
      {done ? (
        <div ref={resultRef} className={styles.result}>
          <Card title={t('exchange.result.title')} className={layout.card} role="status">
            <DetailList
              items={[
                {
                  id: 'order',
                  label: t('exchange.result.orderNo'),
                  value: <span className="ds-num">{done.order_no}</span>,
                },
                {
                  id: 'debited',
                  label: t('exchange.result.debited'),
                  value: <Money value={done.debited} currency={done.from} />,
                },
                {
                  id: 'credited',
                  label: t('exchange.result.credited'),
                  value: <Money value={done.credited} currency={done.to} />,
                },
                {
                  id: 'rate',
                  label: t('exchange.rate'),
                  value: <span className="ds-num">{rateText(done.from, done.to, done.rate)}</span>,
                },
                { id: 'fee', label: t('exchange.fee'), value: <Money value={done.fee} currency={done.to} /> },
              ]}
            />
          </Card>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('exchange.confirm.title')}
        confirmLabel={t('exchange.confirm.ok')}
        busy={exchange.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        {quote && value ? (
          <dl>
            <StatRow label={t('exchange.confirm.pay')}>
              <Money value={value.toFixed()} currency={from} />
            </StatRow>
            <StatRow label={t('exchange.rate')}>
              <span className="ds-num">{pair ? rateText(from, to, pair.rate) : '—'}</span>
            </StatRow>
            <StatRow label={t('exchange.fee')}>
              <Money value={quote.fee.toFixed()} currency={to} />
            </StatRow>
            <StatRow label={t('exchange.receive')}>
              <Money value={quote.credited.toFixed()} currency={to} />
            </StatRow>
          </dl>
        ) : null}
        <p className={layout.note}>{t('exchange.confirm.note')}</p>
      </ConfirmDialog>
    </PageFrame>
  );
}
