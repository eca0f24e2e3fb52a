import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Card, Field, Money, PageFrame, SegmentedControl, Skeleton, StatRow } from 'shared/ui';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MINOR_UNITS, parseDecimal, type Currency } from 'shared/money';
import { layout, QueryView, useContractForm, useDebounced, type ContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useHost, useRemoteTranslation } from '#lib';
import { useApplyLoanMutation } from '../api/apply-loan';
import { useGetCreditQuery } from '../api/get-credit';
import { useGetLoanQuoteQuery } from '../api/get-loan-quote';
import { QUOTE_DEBOUNCE_MS, amountText, dateText, quotableAmount, rateText } from '../model/loan-forms';
import styles from './loan.module.css';

interface LoanValues {
  amount: string;
  /** A term of the server's quote (site config), in days. */
  term_days: string;
}

type Credit = DataOf<'credit'>;
type Quote = DataOf<'loanQuote'>;

/**
 * The server's quote for the amount as it is typed (debounced) and the term. `priced`: the quote of exactly the
 * amount and term on screen, when there is one.
 */
function useLoanQuote(loan: ContractForm<LoanValues>, currency: Currency) {
  const term = loan.form.watch('term_days');
  const typed = quotableAmount(loan.form.watch('amount'), currency);
  const amount = useDebounced(typed, QUOTE_DEBOUNCE_MS);
  const quote = useGetLoanQuoteQuery({ ...(amount ? { amount } : {}), ...(term ? { term_days: Number(term) } : {}) });
  const offer = quote.data;
  // the term preselected is the server's default (site config), once its quote has arrived
  useEffect(() => {
    if (offer && !loan.form.getValues('term_days')) loan.form.setValue('term_days', String(offer.term_days));
  }, [offer, loan.form]);
  // the figures shown are those of the amount and term on screen, never of an earlier one
  const priced = offer && typed && offer.principal === typed && String(offer.term_days) === term ? offer : undefined;
  return { term, typed, offer, priced };
}

/** The credit score against its threshold, the limits, the reasons with their points. */
function CreditScore({ info }: { info: Credit }) {
  const { t } = useRemoteTranslation();
  return (
    <>
      <p className={styles.score}>
        <span className={styles.scoreValue}>{info.score}</span>
        <span className={styles.scoreOf}>{t('loan.threshold', { threshold: info.threshold })}</span>
      </p>
      <dl>
        <StatRow label={t('loan.limit')}>
          <Money value={info.limit} currency={info.currency} />
        </StatRow>
        <StatRow label={t('loan.borrowed')}>
          <Money value={info.borrowed} currency={info.currency} />
        </StatRow>
        <StatRow label={t('loan.availableLimit')}>
          <Money value={info.available} currency={info.currency} />
        </StatRow>
      </dl>
      <h3 className={styles.reasonsTitle}>{t('loan.reasons')}</h3>
      <ul className={styles.reasons}>
        {info.reasons.map((r) => (
          <li key={r.key} className={styles.reason}>
            <span>{t(`loan.reason.${r.key}`, { defaultValue: r.key })}</span>
            <span className="ds-num">{r.points > 0 ? `+${r.points}` : String(r.points)}</span>
          </li>
        ))}
      </ul>
      <p className={layout.note} role="note">
        {t('loan.scoreNote')}
      </p>
    </>
  );
}

/**
 * The price before applying: the annual rate and the term, then (for a typed amount) the interest, the total to
 * repay and the due date, or a placeholder while that amount's quote is on its way.
 */
function LoanQuote({ offer, typed, priced }: { offer: Quote; typed: boolean; priced: Quote | undefined }) {
  const { t } = useRemoteTranslation();
  return (
    <section className={styles.quote} aria-label={t('loan.quote.title')} aria-live="polite">
      <dl>
        <StatRow label={t('loan.quote.rate')}>
          <span className="ds-num">{t('loan.quote.rateValue', { rate: rateText(offer.annual_rate_pct) })}</span>
        </StatRow>
        <StatRow label={t('loan.term')}>
          <span className="ds-num">{t('loan.days', { days: offer.term_days })}</span>
        </StatRow>
        {typed ? (
          priced ? (
            <>
              <StatRow label={t('loan.quote.interest')}>
                <Money value={priced.interest} currency={priced.currency} />
              </StatRow>
              <StatRow label={t('loan.quote.total')}>
                <Money value={priced.total} currency={priced.currency} className={styles.total} />
              </StatRow>
              <StatRow label={t('loan.quote.due')}>
                <span className="ds-num">{dateText(priced.due_at)}</span>
              </StatRow>
            </>
          ) : (
            <Skeleton height="4.5rem" />
          )
        ) : null}
      </dl>
      <p className={layout.note} role="note">
        {t('loan.quote.terms', { rate: rateText(offer.annual_rate_pct) })}
      </p>
    </section>
  );
}

/** The way to the lending of shares and to the loan orders. */
function LoanLinks() {
  const { t } = useRemoteTranslation();
  return (
    <>
      <Link className="ds-button ds-button--ghost" to="/mine/lending">
        {t('loan.lending')}
      </Link>
      <Link className="ds-button ds-button--ghost" to="/mine/loanOrder">
        {t('loan.orders')}
      </Link>
    </>
  );
}

/**
 * /mine/loan: the credit score with its reasons, the limits, and the loan application (amount, term) with
 * its price stated before applying: the server's quote of the annual rate, the interest for the term,
 * the total to repay and the due date, next to the amount as it is typed (debounced).
 */
export function LoanScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const credit = useGetCreditQuery(undefined, { refetchOnMountOrArgChange: true });
  const [apply] = useApplyLoanMutation();
  const info = credit.data;
  const currency = info?.currency ?? 'JPY';
  const loan = useContractForm<LoanValues, BodyOf<typeof ENDPOINTS.loanApply>>({
    endpoint: ENDPOINTS.loanApply,
    namespace: NAMESPACE,
    defaultValues: { amount: '', term_days: '' },
    toBody: (values) => ({ amount: values.amount.trim(), term_days: Number(values.term_days) }),
    // Beyond the schema, as the server checks: the currency's minor unit and the available limit.
    rules: (values) => {
      const amount = parseDecimal(values.amount);
      if (amount && amount.decimalPlaces() > MINOR_UNITS[currency]) return { amount: { key: 'amount_invalid' } };
      if (amount && info && amount.gt(info.available))
        return { amount: { key: 'borrow_limit_insufficient', values: { max: amountText(info.available, currency) } } };
      return {};
    },
    send: (body, idempotencyKey) => apply({ body, idempotencyKey }),
    onSuccess: (_data, values) => {
      host.toast('loan_submitted', { ns: 'msg' });
      loan.form.reset({ ...values, amount: '' });
    },
  });
  const termError = loan.errorOf('term_days');
  const { term, typed, offer, priced } = useLoanQuote(loan, currency);
  return (
    <PageFrame title={t('loan.title')} actions={<LoanLinks />}>
      <Card title={t('loan.credit')} className={layout.card}>
        <QueryView ns={NAMESPACE} query={credit} count={info ? 1 : 0} empty={{ title: t('loan.creditMissing') }}>
          {info ? <CreditScore info={info} /> : null}
        </QueryView>
      </Card>
      <Card title={t('loan.apply')} className={layout.card}>
        <form className={layout.form} aria-label={t('loan.apply')} onSubmit={loan.onSubmit} noValidate>
          <Field
            label={t('loan.amount', { currency })}
            inputMode="decimal"
            autoComplete="off"
            {...loan.field('amount')}
          />
          <div className={styles.terms}>
            {offer ? (
              <SegmentedControl
                label={t('loan.term')}
                showLabel
                value={term}
                onChange={(v) =>
                  loan.form.setValue('term_days', v, { shouldValidate: loan.form.formState.isSubmitted })
                }
                options={offer.terms.map((d) => ({ value: String(d), label: t('loan.days', { days: d }) }))}
              />
            ) : (
              <Skeleton height="2.5rem" />
            )}
          </div>
          {termError ? (
            <p className="ds-field__error" role="alert">
              {termError}
            </p>
          ) : null}
          {offer ? <LoanQuote offer={offer} typed={typed !== ''} priced={priced} /> : null}
          <Refusal error={loan.refusal} />
          <Button type="submit" block busy={loan.busy}>
            {t('loan.submit')}
          </Button>
          <p className={layout.note}>{t('loan.applyNote')}</p>
        </form>
      </Card>
    </PageFrame>
  );
}
