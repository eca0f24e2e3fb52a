import { useState } from 'react';
import { LOTTERY_ALGORITHM } from 'shared';
import type { DataOf } from 'shared/contract';
import { Button, Card } from 'shared/ui';
import { apiErrorOf, DetailList, formatMarketTime, layout } from 'shared/remote-kit';
import type { ApiError } from 'shared/api';
import { useRemoteTranslation } from '#lib';
import { useLazyGetNewShareDrawQuery } from '../api/get-new-share-draw';
import { verifyPublishedDraw, type VerificationOutcome } from '../model/verify-draw';
import { Refusal } from './refusal';
import styles from './new-share.module.css';

type Info = DataOf<'newShareInfo'>;

/**
 * "Verify the draw": before it, the seed's hash published when the window opened and what will be published;
 * after it, the seed and the algorithm, and a button that reads every published application and recomputes
 * the allotment here, in this browser, with the shared lottery, then says whether it matches the server's.
 */
export function DrawVerification({ info }: { info: Info }) {
  const { t, i18n } = useRemoteTranslation();
  const { issue, verification, application } = info;
  const [readDraw] = useLazyGetNewShareDrawQuery();
  const [outcome, setOutcome] = useState<VerificationOutcome>();
  const [failure, setFailure] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const drawn = verification.seed !== null;
  const count = (value: number | null) => (value === null ? '—' : String(value));

  const recompute = async () => {
    setBusy(true);
    setOutcome(undefined);
    setFailure(undefined);
    try {
      const readPage = (page: number) => readDraw({ id: issue.id, page }).unwrap();
      setOutcome(await verifyPublishedDraw(readPage, verification.seed_hash, application?.application_no));
    } catch (error) {
      setFailure(apiErrorOf(error) ?? { status: 0, kind: 'network', msg: 'network_error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('info.verify.title')} className={layout.card} aria-label={t('info.verify.title')}>
      <p className={layout.note}>{t(drawn ? 'info.verify.introAfter' : 'info.verify.introBefore')}</p>
      <DetailList
        items={[
          {
            id: 'hash',
            label: t('info.verify.seedHash'),
            value: <code className={styles.mono}>{verification.seed_hash ?? t('info.verify.hashLater')}</code>,
          },
          {
            id: 'seed',
            label: t('info.verify.seed'),
            value: drawn ? (
              <code className={styles.mono}>{verification.seed}</code>
            ) : (
              t('info.verify.seedLater', { date: formatMarketTime(issue.draw_at, issue.market, i18n.language) })
            ),
          },
          { id: 'algorithm', label: t('info.verify.algorithm'), value: verification.algorithm },
          { id: 'offered', label: t('info.verify.unitsOffered'), value: String(verification.units_offered) },
          { id: 'applications', label: t('info.verify.applications'), value: count(verification.applications) },
          { id: 'applied', label: t('info.verify.unitsApplied'), value: count(verification.units_applied) },
          { id: 'allotted', label: t('info.verify.unitsAllotted'), value: count(verification.units_allotted) },
        ]}
      />
      <details>
        <summary>{t('info.verify.howItWorks')}</summary>
        <p className={layout.note}>
          {verification.algorithm === LOTTERY_ALGORITHM
            ? t('info.verify.description')
            : verification.algorithm_description}
        </p>
      </details>
      {drawn ? (
        <div className={layout.form}>
          <p className={layout.note}>{t('info.verify.buttonNote')}</p>
          <Button variant="secondary" block busy={busy} onClick={() => void recompute()}>
            {t('info.verify.run')}
          </Button>
          {outcome ? <Outcome outcome={outcome} /> : null}
          <Refusal error={failure} market={issue.market} />
        </div>
      ) : (
        <p className={layout.note}>{t('info.verify.willPublish')}</p>
      )}
    </Card>
  );
}

/** What the browser found, in words: match or mismatch, and why. */
function Outcome({ outcome }: { outcome: VerificationOutcome }) {
  const { t } = useRemoteTranslation();
  const lines = [
    outcome.ok
      ? t('info.verify.match', { total: outcome.applications })
      : t('info.verify.mismatch', { total: outcome.applications }),
    outcome.knownAlgorithm ? null : t('info.verify.unknownAlgorithm', { algorithm: outcome.algorithm }),
    outcome.seedMatchesHash ? t('info.verify.hashOk') : t('info.verify.hashBad'),
    outcome.mismatches.length > 0
      ? t('info.verify.differs', {
          total: outcome.mismatches.length,
          count: outcome.mismatches.length,
          numbers: outcome.mismatches.slice(0, 10).join(', '),
        })
      : null,
    outcome.own
      ? t('info.verify.own', {
          count: outcome.own.units,
          units: outcome.own.units,
          published: outcome.own.published,
          recomputed: outcome.own.recomputed,
        })
      : null,
  ].filter((line): line is string => line !== null);
  return (
    <div className={styles.result} role="status" aria-label={t('info.verify.resultLabel')}>
      {lines.map((line) => (
        <p key={line} className={layout.note}>
          {line}
        </p>
      ))}
    </div>
  );
}
