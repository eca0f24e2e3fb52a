import { useState } from 'react';
import { EmptyState, PageFrame } from 'shared/ui';
import { layout, SelectField } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';

/** Movement types of the ledger shown in fund records (ARCHITECTURE.md "Money and the ledger"). */
const RECORD_TYPES = ['all', 'deposit', 'withdrawal', 'exchange', 'loan', 'trade', 'newShare', 'copyTrade', 'correction'] as const;
type RecordType = (typeof RECORD_TYPES)[number];

/**
 * /mine/transactionRecords: fund records (type, order number, amount, time) with a type filter.
 * The ledger endpoint arrives with the funds release; until then the list is honestly empty.
 */
export function FundRecordsScreen() {
  const { t } = useRemoteTranslation();
  const [type, setType] = useState<RecordType>('all');
  return (
    <PageFrame title={t('records.title')} back={false}>
      <div className={layout.stack}>
        <SelectField
          label={t('records.filter')}
          value={type}
          onChange={(e) => setType(e.target.value as RecordType)}
          options={RECORD_TYPES.map((value) => ({ value, label: t(`records.type.${value}`) }))}
        />
      </div>
      <div className={layout.columns} aria-hidden="true">
        <span>{t('records.column.type')}</span>
        <span>{t('records.column.orderNumber')}</span>
        <span>{t('records.column.amount')}</span>
        <span>{t('records.column.time')}</span>
      </div>
      <EmptyState
        title={type === 'all' ? t('records.empty') : t('records.emptyOfType', { type: t(`records.type.${type}`) })}
        hint={t('records.emptyHint')}
        action={{ label: t('records.deposit'), to: '/mine/deposit' }}
      />
    </PageFrame>
  );
}
