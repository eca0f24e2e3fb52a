import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, EmptyState, Field, PageFrame } from 'shared/ui';
import { DetailList, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { checkFollowAmount } from '../model/follow-amount';

const PRODUCT_FIELDS = ['name', 'issuer', 'lockDays', 'minimum', 'deadline'] as const;

/** /home/follow?id=: follow a product with an amount, checked against its minimum investment. */
export function FollowScreen() {
  const { t } = useRemoteTranslation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  if (!id) {
    return (
      <PageFrame title={t('follow.title')}>
        <EmptyState
          title={t('follow.missing')}
          hint={t('follow.missingHint')}
          action={{ label: t('follow.browse'), to: '/home/qcList' }}
        />
      </PageFrame>
    );
  }
  // The product catalogue is not served yet, so its minimum is unknown; the form still checks the amount.
  const minimum: string | undefined = undefined;
  const error = touched ? checkFollowAmount(amount, minimum) : undefined;
  return (
    <PageFrame title={t('follow.title')}>
      <Card title={t('follow.product')} className={layout.card}>
        <DetailList
          items={PRODUCT_FIELDS.map((field) => ({ id: field, label: t(`follow.field.${field}`), value: '—' }))}
        />
        <p className={layout.note} role="note">
          {t('follow.pending')}
        </p>
      </Card>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('follow.title')} onSubmit={(e) => e.preventDefault()}>
          <Field
            label={t('follow.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            onBlur={() => setTouched(true)}
            error={error ? t(`follow.error.${error}`, { minimum: minimum ?? '—' }) : undefined}
          />
          <p className={layout.note}>{t('follow.pastReturns')}</p>
          <p id="ct-follow-soon" className={layout.note} role="note">
            {t('common.availableSoon')}
          </p>
          <Button type="submit" block disabled aria-describedby="ct-follow-soon">
            {t('follow.submit')}
          </Button>
        </form>
      </Card>
    </PageFrame>
  );
}
