import type { CopyHolding } from 'shared/contract';
import { Card } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { weightPercent } from '../model/product-fields';
import styles from './products.module.css';

/** The portfolio: each listed name with its weight and the closes (base and last) its part of the value comes from. */
export function HoldingsCard({ holdings }: { holdings: readonly CopyHolding[] }) {
  const { t } = useRemoteTranslation();
  return (
    <Card title={t('detail.holdings.title')} className={layout.card}>
      <table className={styles.holdings}>
        <thead>
          <tr>
            <th scope="col">{t('detail.holdings.name')}</th>
            <th scope="col">{t('detail.holdings.weight')}</th>
            <th scope="col">{t('detail.holdings.baseClose')}</th>
            <th scope="col">{t('detail.holdings.lastClose')}</th>
          </tr>
        </thead>
        <tbody>
          {holdings.map((h) => (
            <tr key={h.code}>
              <th scope="row">
                {h.name}
                <span className={styles.code}>{h.code}</span>
              </th>
              <td>{weightPercent(h.weight)}</td>
              <td>{formatMoney(h.base_close)}</td>
              <td>{formatMoney(h.last_close)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={layout.note}>{t('detail.holdings.rule')}</p>
    </Card>
  );
}
