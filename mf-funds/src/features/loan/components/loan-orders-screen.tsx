import { useState } from 'react';
import { Button, Field, Money, PageFrame, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { Decimal, MINOR_UNITS, parseDecimal } from 'shared/money';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { layout, QueryView, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, formatLocalTime, useHost, useRemoteTranslation } from '#lib';
import { useGetLoansQuery } from '../api/get-loans';
import { useRepayLoanMutation } from '../api/repay-loan';
import { amountText, dateText, rateText } from '../model/loan-forms';
import styles from './loan.module.css';

type Loan = DataOf<'loans'>[number];

const TONES: Record<Loan['status'], StatusTone> = {
  pending: 'pending',
  approved: 'info',
  rejected: 'danger',
  repaid: 'success',
};

/**
 * /mine/loanOrder: the user's loans with their terms (rate, term, start, due date) and schedule (principal,
 * interest, total at the due date), what is owed today (principal + interest accrued to the server's today),
 * overdue with the days past due, and repayment of an approved one (not less than what is owed today).
 */
export function LoanOrdersScreen() {
  const { t } = useRemoteTranslation();
  const query = useGetLoansQuery(undefined, { refetchOnMountOrArgChange: true });
  const [repaying, setRepaying] = useState<number | null>(null);
  const loans = query.data ?? [];
  return (
    <PageFrame title={t('loanOrders.title')}>
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={loans.length}
        empty={{
          title: t('loanOrders.empty'),
          hint: t('loanOrders.emptyHint'),
          action: { label: t('loanOrders.apply'), to: '/mine/loan' },
        }}
      >
        <ul className={layout.list} aria-label={t('loanOrders.title')}>
          {loans.map((loan) => (
            <LoanRow
              key={loan.id}
              loan={loan}
              open={repaying === loan.id}
              onToggle={() => setRepaying(repaying === loan.id ? null : loan.id)}
            />
          ))}
        </ul>
      </QueryView>
    </PageFrame>
  );
}

function LoanRow({ loan, open, onToggle }: { loan: Loan; open: boolean; onToggle: () => void }) {
  const { t, i18n } = useRemoteTranslation();
  const owes = loan.status === 'approved' && new Decimal(loan.outstanding).gt(0);
  return (
    <li className={styles.loanItem}>
      <div className={layout.row}>
        <span className={`${layout.rowMain} ${styles.main}`}>
          <span className={layout.rowTitle}>{loan.order_no}</span>
          <span className={layout.rowSub}>
            {t('loanOrders.term', { days: loan.term_days })} · {formatLocalTime(loan.created_at, i18n.language)}
          </span>
          {loan.due_at ? (
            <span className={layout.rowSub}>
              {t('loanOrders.due', { date: formatLocalTime(loan.due_at, i18n.language) })}
            </span>
          ) : null}
          {loan.overdue ? (
            <span className={styles.overdue}>{t('loanOrders.overdueDays', { days: loan.overdue_days })}</span>
          ) : null}
        </span>
        <span className={styles.rowEnd}>
          <Money value={loan.amount} currency={loan.currency} className={layout.num} />
          <StatusBadge
            label={t(`loanOrders.state.${loan.status}`)}
            tone={loan.overdue ? 'danger' : TONES[loan.status]}
          />
          {owes ? (
            <Button variant={open ? 'ghost' : 'secondary'} aria-expanded={open} onClick={onToggle}>
              {open ? t('loanOrders.cancelRepay') : t('loanOrders.repay')}
            </Button>
          ) : null}
        </span>
      </div>
      <Schedule loan={loan} />
      {open ? <RepayForm loan={loan} onDone={onToggle} /> : null}
    </li>
  );
}

/** The loan's terms and schedule; for an approved loan also the interest to date and what is owed today. */
function Schedule({ loan }: { loan: Loan }) {
  const { t } = useRemoteTranslation();
  if (loan.status === 'rejected') return null;
  const approved = loan.status === 'approved';
  return (
    <dl className={styles.schedule} aria-label={t('loanOrders.schedule', { order: loan.order_no })}>
      <StatRow label={t('loanOrders.rate')}>
        <span className="ds-num">{t('loanOrders.rateValue', { rate: rateText(loan.annual_rate_pct) })}</span>
      </StatRow>
      {loan.started_at ? (
        <StatRow label={t('loanOrders.period')}>
          <span className="ds-num">{`${dateText(loan.started_at)} – ${dateText(loan.due_at)}`}</span>
        </StatRow>
      ) : null}
      <StatRow label={t('loanOrders.principal')}>
        <Money value={loan.amount} currency={loan.currency} />
      </StatRow>
      {approved ? (
        <StatRow label={t('loanOrders.interestToDate', { days: loan.days_accrued })}>
          <Money value={loan.interest_today} currency={loan.currency} />
        </StatRow>
      ) : null}
      {loan.status === 'repaid' ? (
        <StatRow label={t('loanOrders.interestPaid')}>
          <Money value={loan.interest_paid} currency={loan.currency} />
        </StatRow>
      ) : (
        <StatRow label={t('loanOrders.totalAtDue', { date: loan.due_at ? dateText(loan.due_at) : '—' })}>
          <Money value={loan.total_at_due} currency={loan.currency} />
        </StatRow>
      )}
      {approved ? (
        <StatRow label={t('loanOrders.owedToday')}>
          <Money value={loan.owed_today} currency={loan.currency} className={styles.owedToday} />
        </StatRow>
      ) : null}
    </dl>
  );
}

function RepayForm({ loan, onDone }: { loan: Loan; onDone: () => void }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [repay] = useRepayLoanMutation();
  const form = useContractForm<{ amount: string }, BodyOf<typeof ENDPOINTS.loanRepay>>({
    endpoint: ENDPOINTS.loanRepay,
    namespace: NAMESPACE,
    defaultValues: { amount: new Decimal(loan.owed_today).toFixed() },
    toBody: (values) => ({ id: loan.id, amount: values.amount.trim() }),
    // Beyond the schema (spec §5): the currency's minor unit, and not less than what is owed today (the
    // server checks again with its clock: a day turning while the screen is open adds a day of interest).
    rules: (values) => {
      const amount = parseDecimal(values.amount);
      if (amount && amount.decimalPlaces() > MINOR_UNITS[loan.currency]) return { amount: { key: 'amount_invalid' } };
      if (amount && amount.lt(loan.owed_today)) {
        const owed = amountText(loan.owed_today, loan.currency);
        return { amount: { key: 'repay_less_than_owed', values: { owed } } };
      }
      return {};
    },
    send: (body, idempotencyKey) => repay({ body, idempotencyKey }),
    onSuccess: () => {
      host.toast('loan_repaid', { ns: 'msg' });
      onDone();
    },
  });
  return (
    <form
      className={styles.repay}
      aria-label={t('loanOrders.repayTitle', { order: loan.order_no })}
      onSubmit={form.onSubmit}
      noValidate
    >
      <Field
        label={t('loanOrders.repayAmount', { currency: loan.currency })}
        inputMode="decimal"
        autoComplete="off"
        {...form.field('amount')}
      />
      <p className={layout.note}>{t('loanOrders.repayNote')}</p>
      <Refusal error={form.refusal} />
      <Button type="submit" block busy={form.busy}>
        {t('loanOrders.confirmRepay')}
      </Button>
    </form>
  );
}
