import { useState } from 'react';
import { Button, Field, Money, PageFrame, StatusBadge, type StatusTone } from 'shared/ui';
import { Decimal, MINOR_UNITS, parseDecimal } from 'shared/money';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { layout, QueryView, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, formatLocalTime, useHost, useRemoteTranslation } from '#lib';
import { useGetLoansQuery } from '../api/get-loans';
import { useRepayLoanMutation } from '../api/repay-loan';
import { amountText } from '../model/loan-forms';
import styles from './loan.module.css';

type Loan = DataOf<'loans'>[number];

const TONES: Record<Loan['status'], StatusTone> = {
  pending: 'pending',
  approved: 'info',
  rejected: 'danger',
  repaid: 'success',
};

/** /mine/loanOrder: the user's loans (status, outstanding, due date, overdue) and repayment of an approved one. */
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
          {loan.overdue ? <span className={styles.overdue}>{t('loanOrders.overdue')}</span> : null}
        </span>
        <span className={styles.rowEnd}>
          <Money value={loan.amount} currency={loan.currency} className={layout.num} />
          {owes ? (
            <span className={layout.rowSub}>
              {t('loanOrders.outstanding')} <Money value={loan.outstanding} currency={loan.currency} />
            </span>
          ) : null}
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
      {open ? <RepayForm loan={loan} onDone={onToggle} /> : null}
    </li>
  );
}

function RepayForm({ loan, onDone }: { loan: Loan; onDone: () => void }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [repay] = useRepayLoanMutation();
  const form = useContractForm<{ amount: string }, BodyOf<typeof ENDPOINTS.loanRepay>>({
    endpoint: ENDPOINTS.loanRepay,
    namespace: NAMESPACE,
    defaultValues: { amount: new Decimal(loan.outstanding).toFixed() },
    toBody: (values) => ({ id: loan.id, amount: values.amount.trim() }),
    // Beyond the schema (spec §5): the currency's minor unit, and not less than the amount outstanding.
    rules: (values) => {
      const amount = parseDecimal(values.amount);
      if (amount && amount.decimalPlaces() > MINOR_UNITS[loan.currency]) return { amount: { key: 'amount_invalid' } };
      if (amount && amount.lt(loan.outstanding)) {
        const outstanding = amountText(loan.outstanding, loan.currency);
        return { amount: { key: 'repay_less_than_borrowed', values: { amount: outstanding } } };
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
