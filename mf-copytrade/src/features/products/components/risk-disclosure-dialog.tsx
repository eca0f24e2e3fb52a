import { ConfirmDialog, SkeletonList } from 'shared/ui';
import { apiErrorOf } from 'shared/remote-kit';
import { useHost, useRemoteTranslation } from '#lib';
import { useAcknowledgeCopyRiskMutation } from '../api/acknowledge-risk';
import { useGetCopyRiskDisclosureQuery } from '../api/get-risk-disclosure';
import { Refusal } from './refusal';
import styles from './products.module.css';

export interface RiskDisclosureDialogProps {
  open: boolean;
  /** Called once the server stored the acknowledgement. */
  onAccepted: () => void;
  onCancel: () => void;
}

/**
 * The copy-trading risk disclosure, asked once when the server refuses a follow for it: the server's versioned
 * text in the session language; accepting stores the version and its time (POST /copy/riskAck).
 */
export function RiskDisclosureDialog({ open, onAccepted, onCancel }: RiskDisclosureDialogProps) {
  const { t } = useRemoteTranslation();
  const language = useHost().getSession().language;
  const disclosure = useGetCopyRiskDisclosureQuery(language, { skip: !open });
  const [acknowledge, ack] = useAcknowledgeCopyRiskMutation();
  const data = disclosure.data;
  const onConfirm = async () => {
    if (!data) return;
    const answer = await acknowledge({ version: data.version });
    if ('data' in answer) onAccepted();
  };
  return (
    <ConfirmDialog
      open={open}
      title={data?.title ?? t('follow.risk.title')}
      confirmLabel={t('follow.risk.accept')}
      busy={ack.isLoading || !data}
      onConfirm={() => void onConfirm()}
      onCancel={onCancel}
    >
      {data ? (
        <>
          <div className={styles.riskText} tabIndex={0} aria-label={t('follow.risk.textLabel')}>
            {data.text
              .split(/\n\s*\n/)
              .filter(Boolean)
              .map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
          </div>
          <p className="ds-layout-note">{t('follow.risk.version', { version: data.version })}</p>
        </>
      ) : disclosure.isError ? (
        <p role="alert">{t('follow.risk.unavailable')}</p>
      ) : (
        <SkeletonList rows={3} lines={2} />
      )}
      <Refusal error={apiErrorOf(ack.error)} />
    </ConfirmDialog>
  );
}
