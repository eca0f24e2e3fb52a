import { useEffect, useRef } from 'react';
import { Button, Card, ConfirmDialog, Field, Money, PageFrame, StatRow } from 'shared/ui';
import { formatMoney, formatPercent } from 'shared/money';
import type { DataOf } from 'shared/contract';
import { DetailList, layout, SelectField } from 'shared/remote-kit';
import { Refusal, formatLocalTime, useRemoteTranslation } from '#lib';
import { CURRENCIES } from '../model/exchange';
import { useExchangeForm, useRateText, type ExchangeFormState } from './use-exchange-form';
import styles from './exchange.module.css';

/**
 * /mine/exchange: between the nine currencies of spec §9, with the live rate, spread and what you
 * receive; confirm, then the server's result.
 */
export function ExchangeScreen() {
  const { t } = useRemoteTranslation();
  const state = useExchangeForm();
  return (
    <PageFrame title={t('exchange.title')}>
      <ExchangeFormCard state={state} />
      {state.done ? <ExchangeResult done={state.done} /> : null}
      <ExchangeConfirm state={state} />
    </PageFrame>
  );
}

/** The form: currencies (with their balances), amount, the live quote and the rate's note. */
function ExchangeFormCard({ state }: { state: ExchangeFormState }) {
  const { t, i18n } = useRemoteTranslation();
  const { exchange, rates, balanceOf, from, to, pair } = state;
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
  return (
    <Card className={layout.card}>
      <form className={layout.form} aria-label={t('exchange.title')} onSubmit={state.onCheck} noValidate>
        <SelectField label={t('exchange.from')} {...exchange.field('from')} value={from} options={options} />
        <div className={styles.swapRow}>
          <button type="button" className={styles.swap} onClick={state.swap} aria-label={t('exchange.swap')}>
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
        <ExchangeQuote state={state} />
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
  );
}

/** Rate, spread, fee and what is received, as the form stands. */
function ExchangeQuote({ state: { from, to, pair, quote } }: { state: ExchangeFormState }) {
  const { t } = useRemoteTranslation();
  const rateText = useRateText();
  return (
    <dl className={styles.quote} aria-label={t('exchange.quote')}>
      <StatRow label={t('exchange.rate')}>
        {pair ? <span className="ds-num">{rateText(from, to, pair.rate)}</span> : '—'}
      </StatRow>
      <StatRow label={t('exchange.spread')}>
        {pair ? <span className="ds-num">{formatPercent(pair.spread, { sign: false })}</span> : '—'}
      </StatRow>
      <StatRow label={t('exchange.fee')}>{quote ? <Money value={quote.fee.toFixed()} currency={to} /> : '—'}</StatRow>
      <StatRow label={t('exchange.receive')}>
        {quote ? <Money value={quote.credited.toFixed()} currency={to} className={styles.receive} /> : '—'}
      </StatRow>
    </dl>
  );
}

/** The server's result of the booked exchange, brought into view when it arrives. */
function ExchangeResult({ done }: { done: DataOf<'exchange'> }) {
  const { t } = useRemoteTranslation();
  const rateText = useRateText();
  const resultRef = useRef<HTMLDivElement>(null);
  // The result card is below the form: bring it into view once the exchange is booked.
  useEffect(() => {
    resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [done]);
  return (
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
  );
}

/** The confirmation: what is paid, the rate, the fee and what is received; confirming sends the form. */
function ExchangeConfirm({ state }: { state: ExchangeFormState }) {
  const { t } = useRemoteTranslation();
  const rateText = useRateText();
  const { exchange, from, to, pair, value, quote } = state;
  return (
    <ConfirmDialog
      open={state.confirming}
      title={t('exchange.confirm.title')}
      confirmLabel={t('exchange.confirm.ok')}
      busy={exchange.busy}
      onCancel={state.cancel}
      onConfirm={state.confirm}
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
  );
}
