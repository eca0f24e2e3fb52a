import { Money } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { dayCount, useRemoteTranslation } from '#lib';
import type { BlockListing } from '../api/get-block-list';
import { financingMoney } from '../model/block-math';

/**
 * A financing application's money as the lots are typed: the part the house finances, the user's part, the fee
 * for the financing days at the listing's rate, and what applying holds (the user's part plus the fee).
 */
export function FinancingBreakdown({ listing: l, lots }: { listing: BlockListing; lots: number | undefined }) {
  const { t } = useRemoteTranslation();
  const money = lots === undefined ? undefined : financingMoney(l, lots);
  const rows = [
    { id: 'financed', label: t('blockInfo.financed'), value: money?.financed },
    { id: 'own', label: t('blockInfo.ownPart'), value: money?.margin },
    {
      id: 'fee',
      label: t('blockInfo.fee', {
        rate: l.financing_rate_pct ?? '—',
        days: t('info.days', dayCount(l.financing_days)),
      }),
      value: money?.fee,
    },
    { id: 'held', label: t('blockInfo.held'), value: money?.held },
  ];
  return (
    <>
      <dl aria-label={t('blockInfo.financing')}>
        {rows.map((row) => (
          <div key={row.id} className="ds-stat">
            <dt className="ds-stat__label">{row.label}</dt>
            <dd className="ds-stat__value">
              {row.value === undefined ? '—' : <Money value={row.value} currency={l.currency} />}
            </dd>
          </div>
        ))}
      </dl>
      <p className={layout.note}>{t('blockInfo.feeNote')}</p>
    </>
  );
}
