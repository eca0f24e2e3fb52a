import { ConfirmDialog, SkeletonList } from 'shared/ui';
import { Refusal, apiErrorOf, useHost, useRemoteTranslation } from '#lib';
import { useAcknowledgeRiskMutation } from '../api/acknowledge-risk';
import { useGetRiskDisclosureQuery } from '../api/get-risk-disclosure';
import { paragraphs } from '../model/risk-text';
import styles from './trade-panel.module.css';

export interface RiskDisclosureDialogProps {
  open: boolean;
  /** Called once the server stored the acknowledgement. */
  onAccepted: () => void;
  onCancel: () => void;
}

/**
 * The risk disclosure asked once before the first leveraged (> 1) or short order: the server's
 * versioned text in the session language; accepting stores the version and time through /trade/riskAck.
 */
export function RiskDisclosureDialog({ open, onAccepted, onCancel }: RiskDisclosureDialogProps) {
  const { t } = useRemoteTranslation();
  const language = useHost().getSession().language;
  const disclosure = useGetRiskDisclosureQuery(language, { skip: !open });
  const [acknowledge, ack] = useAcknowledgeRiskMutation();
  const data = disclosure.data;

  const onConfirm = async () => {
    if (!data) return;
    const answer = await acknowledge({ version: data.version });
    if ('data' in answer) onAccepted();
  };

  return (
    <ConfirmDialog
      open={open}
      title={data?.title ?? t('trade.risk.title')}
      confirmLabel={t('trade.risk.accept')}
      busy={ack.isLoading || !data}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {data ? (
        <>
          <div className={styles.riskText} tabIndex={0} aria-label={t('trade.risk.textLabel')}>
            {paragraphs(data.text).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <p className={styles.hint}>{t('trade.risk.version', { version: data.version })}</p>
        </>
      ) : disclosure.isError ? (
        <p role="alert">{t('trade.risk.unavailable')}</p>
      ) : (
        <SkeletonList rows={3} lines={2} />
      )}
      <Refusal error={apiErrorOf(ack.error)} />
    </ConfirmDialog>
  );
}
