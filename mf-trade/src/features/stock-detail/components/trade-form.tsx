import { useState } from 'react';
import { Button, Card, Field, SegmentedControl, StatRow } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './trade-form.module.css';

type OrderType = 'limit' | 'market';
type Direction = 'long' | 'short';

/**
 * The trade form of spec §2 (limit or market, buy long or short, quantity, leverage multiple, fee,
 * total, available balance). Disabled until trading opens: no order can be sent from here yet.
 */
export function TradeForm() {
  const { t } = useRemoteTranslation();
  const [orderType, setOrderType] = useState<OrderType>('limit');
  const [direction, setDirection] = useState<Direction>('long');
  return (
    <Card title={t('trade.title')} className={styles.card}>
      <form aria-label={t('trade.title')} onSubmit={(e) => e.preventDefault()}>
        <fieldset className={styles.fields} disabled aria-describedby="tr-trade-closed">
          <SegmentedControl
            label={t('trade.orderType')}
            showLabel
            value={orderType}
            onChange={setOrderType}
            options={[
              { value: 'limit', label: t('trade.limit') },
              { value: 'market', label: t('trade.market') },
            ]}
          />
          <SegmentedControl
            label={t('trade.direction')}
            showLabel
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'long', label: t('trade.long'), tone: 'up' },
              { value: 'short', label: t('trade.short'), tone: 'down' },
            ]}
          />
          {orderType === 'limit' ? <Field label={t('trade.price')} inputMode="decimal" name="price" /> : null}
          <Field label={t('trade.quantity')} inputMode="numeric" name="quantity" />
          <Field label={t('trade.leverage')} inputMode="numeric" name="leverage" />
        </fieldset>
        <dl className={styles.summary}>
          <StatRow label={t('trade.fee')}>—</StatRow>
          <StatRow label={t('trade.total')}>—</StatRow>
          <StatRow label={t('trade.available')}>—</StatRow>
        </dl>
        <p id="tr-trade-closed" className={styles.note} role="note">{t('trade.closed')}</p>
        <Button type="submit" block disabled>
          {t(direction === 'long' ? 'trade.submitLong' : 'trade.submitShort')}
        </Button>
      </form>
    </Card>
  );
}
