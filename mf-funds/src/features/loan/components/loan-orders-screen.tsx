import { useState, type FormEvent } from 'react';
import { Button, Field, Money, PageFrame, StatusBadge, type StatusTone } from 'shared/ui';
import { Decimal } from 'shared/money';
import type { DataOf } from 'shared/contract';
import { layout, QueryView } from 'shared/remote-kit';
import {
  NAMESPACE,
  Refusal,
  apiErrorOf,
  fieldRefusal,
  formatLocalTime,
  useHost,
  useIdempotencyKey,
  useRemoteTranslation,
} from '#lib';
import { useGetLoansQuery } from '../api/get-loans';
import { useRepayLoanMutation } from '../api/repay-loan';
import { validateRepay } from '../model/loan-forms';
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
  const [repay, result] = useRepayLoanMutation();
  const key = useIdempotencyKey();
  const [amount, setAmount] = useState(new Decimal(loan.outstanding).toFixed());
  const [submitted, setSubmitted] = useState(false);
  const error = validateRepay({ id: loan.id, amount, outstanding: loan.outstanding, currency: loan.currency });
  const refusal = apiErrorOf(result.error);
  const shown = submitted && error ? t(`msg:${error.key}`, error.values ?? {}) : fieldRefusal(refusal, 'amount', t);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error || result.isLoading) return;
    const answer = await repay({ body: { id: loan.id, amount: amount.trim() }, idempotencyKey: key.current() });
    if ('data' in answer) {
      host.toast('loan_repaid', { ns: 'msg' });
      onDone();
    }
  };
  return (
    <form
      className={styles.repay}
      aria-label={t('loanOrders.repayTitle', { order: loan.order_no })}
      onSubmit={onSubmit}
      noValidate
    >
      <Field
        label={t('loanOrders.repayAmount', { currency: loan.currency })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          key.renew();
        }}
        error={shown}
      />
      <p className={layout.note}>{t('loanOrders.repayNote')}</p>
      <Refusal error={refusal} fields={['amount']} />
      <Button type="submit" block busy={result.isLoading}>
        {t('loanOrders.confirmRepay')}
      </Button>
    </form>
  );
}
