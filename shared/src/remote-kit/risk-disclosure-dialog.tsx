import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from 'shared/api';
import type { RiskKind } from 'shared/contract';
import type { Language } from '../mf';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SkeletonList } from '../ui/skeleton';
import { apiErrorOf } from './money-query';
import { riskParagraphs, useAcknowledgeKindRiskMutation, useGetKindRiskDisclosureQuery } from './risk-disclosure';
import './remote-kit.css';

export interface RiskDisclosureDialogProps {
  /** Which disclosure: leverage (leverage > 1, shorts, financed blocks), new_share, copy_trade, day_trade. */
  kind: RiskKind;
  open: boolean;
  /** The session language the server's text is asked in. */
  language: Language;
  /** Called once the server stored the acknowledgement. */
  onAccepted: () => void;
  onCancel: () => void;
  /** The remote's inline refusal, shown when storing the acknowledgement is refused. */
  refusal: ComponentType<{ error: ApiError | undefined }>;
}

/**
 * The one risk-disclosure dialog (docs/decisions/0020-one-risk-disclosure.md), asked when a call needs the
 * kind's disclosure acknowledged: the server's versioned text in the session language; accepting stores the
 * version and its time (POST /trade/riskAck with the kind). Labels are in the shared `common` namespace.
 */
export function RiskDisclosureDialog({
  kind,
  open,
  language,
  onAccepted,
  onCancel,
  refusal: Refusal,
}: RiskDisclosureDialogProps) {
  const { t } = useTranslation('common');
  const disclosure = useGetKindRiskDisclosureQuery({ kind, lang: language }, { skip: !open });
  const [acknowledge, ack] = useAcknowledgeKindRiskMutation();
  const data = disclosure.data;
  const onConfirm = async () => {
    if (!data) return;
    const answer = await acknowledge({ kind, version: data.version });
    if ('data' in answer) onAccepted();
  };
  return (
    <ConfirmDialog
      open={open}
      title={data?.title ?? t('riskDisclosure.title')}
      confirmLabel={t('riskDisclosure.accept')}
      // Busy while the text loads or the acceptance is stored; a text that failed to load can be dismissed.
      busy={ack.isLoading || (!data && !disclosure.isError)}
      onConfirm={() => void onConfirm()}
      onCancel={onCancel}
    >
      {data ? (
        <>
          <div className="ds-risk-text" tabIndex={0} aria-label={t('riskDisclosure.textLabel')}>
            {riskParagraphs(data.text).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <p className="ds-layout-note">{t('riskDisclosure.version', { version: data.version })}</p>
        </>
      ) : disclosure.isError ? (
        <p role="alert">{t('riskDisclosure.unavailable')}</p>
      ) : (
        <SkeletonList rows={3} lines={2} />
      )}
      <Refusal error={apiErrorOf(ack.error)} />
    </ConfirmDialog>
  );
}
