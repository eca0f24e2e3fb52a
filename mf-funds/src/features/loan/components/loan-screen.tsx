import { Link } from 'react-router';
import { Button, Card, Field, Money, PageFrame, SegmentedControl, StatRow } from 'shared/ui';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MINOR_UNITS, parseDecimal } from 'shared/money';
import { layout, QueryView, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useHost, useRemoteTranslation } from '#lib';
import { useApplyLoanMutation } from '../api/apply-loan';
import { useGetCreditQuery } from '../api/get-credit';
import { LOAN_TERMS, amountText } from '../model/loan-forms';
import styles from './loan.module.css';

interface LoanValues {
  amount: string;
  term_days: (typeof LOAN_TERMS)[number];
}

/** /mine/loan: the credit score with its reasons, the limits, and the loan application (amount, term). */
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
    defaultValues: { amount: '', term_days: '30' },
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
  const term = loan.form.watch('term_days');
  const termError = loan.errorOf('term_days');
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
        <form className={layout.form} aria-label={t('loan.apply')} onSubmit={loan.onSubmit} noValidate>
          <Field
            label={t('loan.amount', { currency })}
            inputMode="decimal"
            autoComplete="off"
            {...loan.field('amount')}
          />
          <div className={styles.terms}>
            <SegmentedControl
              label={t('loan.term')}
              showLabel
              value={term}
              onChange={(v) => loan.form.setValue('term_days', v, { shouldValidate: loan.form.formState.isSubmitted })}
              options={LOAN_TERMS.map((d) => ({ value: d, label: t('loan.days', { days: d }) }))}
            />
          </div>
          {termError ? (
            <p className="ds-field__error" role="alert">
              {termError}
            </p>
          ) : null}
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
