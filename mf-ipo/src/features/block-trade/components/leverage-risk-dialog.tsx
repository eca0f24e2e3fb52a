import { ConfirmDialog, SkeletonList } from 'shared/ui';
import { apiErrorOf, layout } from 'shared/remote-kit';
import { useHost, useRemoteTranslation } from '#lib';
import { useAcknowledgeBlockLeverageRiskMutation } from '../api/acknowledge-leverage-risk';
import { useGetBlockLeverageRiskQuery } from '../api/get-leverage-risk';
import { BlockRefusal } from './block-refusal';
import styles from './block-trade.module.css';

export interface LeverageRiskDialogProps {
  open: boolean;
  /** Called once the server stored the acknowledgement. */
  onAccepted: () => void;
  onCancel: () => void;
}

/**
 * The leverage risk disclosure, asked when the server refuses a financing application for it
 * (risk_disclosure_required): the server's versioned text; accepting stores the version and its time.
 */
export function LeverageRiskDialog({ open, onAccepted, onCancel }: LeverageRiskDialogProps) {
  const { t } = useRemoteTranslation();
  const language = useHost().getSession().language;
  const disclosure = useGetBlockLeverageRiskQuery(language, { skip: !open });
  const [acknowledge, ack] = useAcknowledgeBlockLeverageRiskMutation();
  const data = disclosure.data;
  const onConfirm = async () => {
    if (!data) return;
    const answer = await acknowledge({ version: data.version });
    if ('data' in answer) onAccepted();
  };
  return (
    <ConfirmDialog
      open={open}
      title={data?.title ?? t('blockInfo.risk.title')}
      confirmLabel={t('blockInfo.risk.accept')}
      busy={ack.isLoading || !data}
      onConfirm={() => void onConfirm()}
      onCancel={onCancel}
    >
      {data ? (
        <>
          <div className={styles.riskText} tabIndex={0} aria-label={t('blockInfo.risk.textLabel')}>
            {data.text
              .split(/\n\s*\n/)
              .filter(Boolean)
              .map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
          </div>
          <p className={layout.note}>{t('blockInfo.risk.version', { version: data.version })}</p>
        </>
      ) : disclosure.isError ? (
        <p role="alert">{t('blockInfo.risk.unavailable')}</p>
      ) : (
        <SkeletonList rows={3} />
      )}
      <BlockRefusal error={apiErrorOf(ack.error)} />
    </ConfirmDialog>
  );
}
