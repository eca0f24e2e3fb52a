import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Card, Field, Money, PageFrame, SegmentedControl, StatRow } from 'shared/ui';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, Refusal, apiErrorOf, fieldRefusal, useHost, useIdempotencyKey, useRemoteTranslation } from '#lib';
import { useApplyLoanMutation } from '../api/apply-loan';
import { useGetCreditQuery } from '../api/get-credit';
import { LOAN_TERMS, validateLoanApply } from '../model/loan-forms';
import styles from './loan.module.css';

const FIELDS = ['amount', 'term_days'] as const;

/** /mine/loan: the credit score with its reasons, the limits, and the loan application (amount, term). */
export function LoanScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const credit = useGetCreditQuery(undefined, { refetchOnMountOrArgChange: true });
  const [apply, result] = useApplyLoanMutation();
  const key = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState<(typeof LOAN_TERMS)[number]>('30');
  const [submitted, setSubmitted] = useState(false);
  const info = credit.data;
  const currency = info?.currency ?? 'JPY';
  const errors = validateLoanApply({ amount, term, currency, available: info?.available });
  const refusal = apiErrorOf(result.error);
  const shown = (field: (typeof FIELDS)[number]) => {
    const local = submitted ? errors[field] : undefined;
    if (local) return t(`msg:${local.key}`, local.values ?? {});
    return fieldRefusal(refusal, field, t);
  };
  const change = (apply: () => void) => {
    apply();
    key.renew();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || result.isLoading) return;
    const answer = await apply({
      body: { amount: amount.trim(), term_days: Number(term) },
      idempotencyKey: key.current(),
    });
    if ('data' in answer) {
      key.renew();
      host.toast('loan_submitted', { ns: 'msg' });
      setAmount('');
      setSubmitted(false);
    }
  };
  return (
    <PageFrame
      title={t('loan.title')}
      actions={
        <Link className="ds-button ds-button--ghost" to="/mine/loanOrder">
          {t('loan.orders')}
        </Link>
      }
    >
      <Card title={t('loan.credit')} className={layout.card}>
        <QueryView ns={NAMESPACE} query={credit} count={info ? 1 : 0} empty={{ title: t('loan.creditMissing') }}>
          {info ? (
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
          ) : null}
        </QueryView>
      </Card>
      <Card title={t('loan.apply')} className={layout.card}>
        <form className={layout.form} aria-label={t('loan.apply')} onSubmit={onSubmit} noValidate>
          <Field
            label={t('loan.amount', { currency })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => change(() => setAmount(e.target.value))}
            error={shown('amount')}
          />
          <div className={styles.terms}>
            <SegmentedControl
              label={t('loan.term')}
              showLabel
              value={term}
              onChange={(v) => change(() => setTerm(v))}
              options={LOAN_TERMS.map((d) => ({ value: d, label: t('loan.days', { days: d }) }))}
            />
          </div>
          {shown('term_days') ? (
            <p className="ds-field__error" role="alert">
              {shown('term_days')}
            </p>
          ) : null}
          <Refusal error={refusal} fields={FIELDS} />
          <Button type="submit" block busy={result.isLoading}>
            {t('loan.submit')}
          </Button>
          <p className={layout.note}>{t('loan.applyNote')}</p>
        </form>
      </Card>
    </PageFrame>
  );
}
