import { useTranslation } from 'react-i18next';
import { PageFrame } from 'shared/ui';
import { DevicesSection } from './devices-section';
import { PasskeysSection } from './passkeys-section';
import { TwoStepSection } from './two-step-section';
import styles from './security-screen.module.css';

/** /mine/security: two-step verification, passkeys and signed-in devices (ADR 0027). */
export function SecurityOverviewScreen() {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame title={t('securityScreen.title')}>
      <div className={styles.body}>
        <TwoStepSection />
        <PasskeysSection />
        <DevicesSection />
      </div>
    </PageFrame>
  );
}
