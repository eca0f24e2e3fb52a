import { ConfirmDialog, SkeletonList } from 'shared/ui';
import { apiErrorOf } from 'shared/remote-kit';
import { useHost, useRemoteTranslation } from '#lib';
import { useAcknowledgeNewShareRiskMutation } from '../api/acknowledge-risk';
import { useGetNewShareRiskDisclosureQuery } from '../api/get-risk-disclosure';
import { Refusal } from './refusal';
import styles from './new-share.module.css';

export interface RiskDisclosureDialogProps {
  open: boolean;
  /** Called once the server stored the acknowledgement. */
  onAccepted: () => void;
  onCancel: () => void;
}

/**
 * The new-share risk disclosure, asked once when the server refuses a subscription for it: the server's
 * versioned text in the session language; accepting stores the version and its time (POST /ipo/riskAck).
 */
export function RiskDisclosureDialog({ open, onAccepted, onCancel }: RiskDisclosureDialogProps) {
  const { t } = useRemoteTranslation();
  const language = useHost().getSession().language;
  const disclosure = useGetNewShareRiskDisclosureQuery(language, { skip: !open });
  const [acknowledge, ack] = useAcknowledgeNewShareRiskMutation();
  const data = disclosure.data;
  const onConfirm = async () => {
    if (!data) return;
    const answer = await acknowledge({ version: data.version });
    if ('data' in answer) onAccepted();
  };
  return (
    <ConfirmDialog
      open={open}
      title={data?.title ?? t('info.risk.title')}
      confirmLabel={t('info.risk.accept')}
      busy={ack.isLoading || !data}
      onConfirm={() => void onConfirm()}
      onCancel={onCancel}
    >
      {data ? (
        <>
          <div className={styles.riskText} tabIndex={0} aria-label={t('info.risk.textLabel')}>
            {data.text
              .split(/\n\s*\n/)
              .filter(Boolean)
              .map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
          </div>
          <p className="ds-layout-note">{t('info.risk.version', { version: data.version })}</p>
        </>
      ) : disclosure.isError ? (
        <p role="alert">{t('info.risk.unavailable')}</p>
      ) : (
        <SkeletonList rows={3} lines={2} />
      )}
      <Refusal error={apiErrorOf(ack.error)} />
    </ConfirmDialog>
  );
}
