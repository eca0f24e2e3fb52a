import { Link } from 'react-router';
import { Button, Card, Field, PageFrame, StatRow } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';

/** /mine/loan: credit score and limits (spec §3 Loan) and the loan application form. */
export function LoanScreen() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('loan.title')} actions={<Link className="ds-button ds-button--ghost" to="/mine/loanOrder">{t('loan.orders')}</Link>}>
      <Card title={t('loan.credit')} className={layout.card}>
        <dl>
          <StatRow label={t('loan.score')}>—</StatRow>
          <StatRow label={t('loan.availableLimit')}>—</StatRow>
          <StatRow label={t('loan.borrowedLimit')}>—</StatRow>
        </dl>
        <p className={layout.note} role="note">{t('loan.scoreNote')}</p>
      </Card>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('loan.apply')} onSubmit={(e) => e.preventDefault()}>
          <Field label={t('loan.amount')} name="amount" inputMode="decimal" autoComplete="off" />
          <p id="fu-loan-soon" className={layout.note} role="note">{t('common.availableSoon')}</p>
          <Button type="submit" block disabled aria-describedby="fu-loan-soon">{t('loan.apply')}</Button>
        </form>
      </Card>
    </PageFrame>
  );
}
