import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame, SegmentedControl } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { BorrowPanel } from './borrow-panel';
import { LendPanel } from './lend-panel';
import styles from './lending.module.css';

type Tab = 'lend' | 'borrow';

/**
 * /mine/lending, inside the loan area: lend a holding to the house for a daily fee (貸株) and recall it, or borrow
 * shares against the credit limit (credit-stock order) and return them; each with its list and states.
 */
export function LendingScreen() {
  const { t } = useRemoteTranslation();
  const [tab, setTab] = useState<Tab>('lend');
  return (
    <PageFrame
      title={t('lending.title')}
      actions={
        <Link className="ds-button ds-button--ghost" to="/mine/loan">
          {t('lending.loans')}
        </Link>
      }
    >
      <div className={styles.tabs}>
        <SegmentedControl
          label={t('lending.title')}
          value={tab}
          onChange={(v) => setTab(v as Tab)}
          options={[
            { value: 'lend', label: t('lending.tab.lend') },
            { value: 'borrow', label: t('lending.tab.borrow') },
          ]}
        />
      </div>
      {tab === 'lend' ? <LendPanel /> : <BorrowPanel />}
    </PageFrame>
  );
}
