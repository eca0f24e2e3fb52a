import { Link } from 'react-router';
import { Button, Card, Field, PageFrame } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import { layout } from 'shared/remote-kit';
import { useHost, useRemoteTranslation } from '#lib';
import { DepositRules } from './deposit-rules';

/** /mine/deposit: amount and transfer proof (spec §3 Deposit). Submitting opens with the deposit endpoints. */
export function DepositScreen() {
  const { t } = useRemoteTranslation();
  const currency = MARKET_CURRENCY[useHost().getSession().market ?? 'jpy'];
  return (
    <PageFrame title={t('deposit.title')}>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('deposit.title')} onSubmit={(e) => e.preventDefault()}>
          <Field label={t('deposit.amount', { currency })} name="amount" inputMode="decimal" autoComplete="off" />
          <Field label={t('deposit.proof')} name="proof" type="file" accept="image/png,image/jpeg,image/webp" />
          <p id="fu-deposit-soon" className={layout.note} role="note">{t('common.availableSoon')}</p>
          <Button type="submit" block disabled aria-describedby="fu-deposit-soon">{t('deposit.submit')}</Button>
        </form>
      </Card>
      <DepositRules />
      <div className={layout.stack}>
        <Link className="ds-button ds-button--secondary ds-button--block" to="/mine/stored">{t('deposit.seeChannel')}</Link>
      </div>
    </PageFrame>
  );
}
