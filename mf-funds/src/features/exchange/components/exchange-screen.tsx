import { useState } from 'react';
import { Button, Card, Field, PageFrame, StatRow } from 'shared/ui';
import { layout, SelectField } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { CURRENCIES, validateExchange, type Currency } from '../model/exchange';

/** /mine/exchange: exchange between the nine currencies of spec §9. */
export function ExchangeScreen() {
  const { t } = useRemoteTranslation();
  const [from, setFrom] = useState<Currency>('JPY');
  const [to, setTo] = useState<Currency>('USD');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = validateExchange({ from, to, amount });
  const options = CURRENCIES.map((c) => ({ value: c, label: t(`currency.${c}`) }));
  return (
    <PageFrame title={t('exchange.title')}>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('exchange.title')} onSubmit={(e) => e.preventDefault()}>
          <SelectField label={t('exchange.from')} value={from} options={options} onChange={(e) => setFrom(e.target.value as Currency)} />
          <SelectField
            label={t('exchange.to')}
            value={to}
            options={options}
            onChange={(e) => setTo(e.target.value as Currency)}
            error={errors.to ? t(`exchange.error.${errors.to}`) : undefined}
          />
          <Field
            label={t('exchange.amount', { currency: from })}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && errors.amount ? t(`exchange.error.${errors.amount}`) : undefined}
          />
          <dl>
            <StatRow label={t('exchange.rate')}>—</StatRow>
            <StatRow label={t('exchange.receive')}>—</StatRow>
          </dl>
          <p id="fu-exchange-soon" className={layout.note} role="note">{t('exchange.ratePending')}</p>
          <Button type="submit" block disabled aria-describedby="fu-exchange-soon">{t('exchange.submit')}</Button>
        </form>
      </Card>
    </PageFrame>
  );
}
