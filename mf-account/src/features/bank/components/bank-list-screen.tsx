import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from 'shared/ui';
import styles from './bank.module.css';

/** /mine/bank: bound bank cards. The card list endpoint comes with the next issue; no invented cards meanwhile. */
export function BankListScreen() {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame
      title={t('bank.title')}
      actions={
        <Link className={styles.add} to="/mine/bankAdd">
          {t('bank.add')}
        </Link>
      }
    >
      <EmptyState title={t('bank.emptyTitle')} hint={t('bank.emptyHint')} action={{ label: t('bank.emptyAction'), to: '/mine/bankAdd' }} />
    </PageFrame>
  );
}
