import { Button, Card, Field, PageFrame } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { MIN_WITHDRAWAL_JPY, WITHDRAWAL_HOURS } from '../model/withdraw-rules';
import { RecentWithdrawals } from './recent-withdrawals';

/** /mine/withdraw: the rules of spec §9, the withdrawal form, and recent withdrawals. */
export function WithdrawScreen() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('withdraw.title')}>
      <Card title={t('withdraw.rules.title')} className={layout.card}>
        <ul className={layout.rules}>
          <li>{t('withdraw.rules.minimum', { amount: formatMoney(MIN_WITHDRAWAL_JPY) })}</li>
          <li>{t('withdraw.rules.hours', WITHDRAWAL_HOURS)}</li>
          <li>{t('withdraw.rules.arrival')}</li>
          <li>{t('withdraw.rules.requirements')}</li>
          <li>{t('withdraw.rules.blocked')}</li>
        </ul>
      </Card>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('withdraw.title')} onSubmit={(e) => e.preventDefault()}>
          <Field label={t('withdraw.amount')} name="amount" inputMode="decimal" autoComplete="off" />
          <Field label={t('withdraw.fundPassword')} name="fund_password" type="password" autoComplete="off" />
          <p id="fu-withdraw-soon" className={layout.note} role="note">{t('common.availableSoon')}</p>
          <Button type="submit" block disabled aria-describedby="fu-withdraw-soon">{t('withdraw.submit')}</Button>
        </form>
      </Card>
      <RecentWithdrawals />
    </PageFrame>
  );
}
