import { useEffect, useMemo, useState } from 'react';
import { LOTTERY_ALGORITHM, verifyInclusion } from 'shared';
import type { DataOf } from 'shared/contract';
import { Button, Card } from 'shared/ui';
import { apiErrorOf, DetailList, formatMarketTime, layout } from 'shared/remote-kit';
import type { ApiError } from 'shared/api';
import { useRemoteTranslation } from '#lib';
import { useLazyGetNewShareDrawQuery } from '../api/get-new-share-draw';
import { verifyPublishedDraw, type VerificationOutcome } from '../model/verify-draw';
import { witnessRoot } from '../model/root-witness';
import { Refusal } from './refusal';
import styles from './new-share.module.css';

type Info = DataOf<'newShareInfo'>;

/** The reader's application as their receipt shows it (a leaf of the sealed list), when it has a contribution. */
function ownListed(info: Info) {
  const { application, inclusion } = info;
  if (!application || !inclusion || application.contribution === null) return undefined;
  const line = {
    application_no: application.application_no,
    units: application.units,
    contribution: application.contribution,
  };
  return { line, proof: inclusion.path };
}

/** What was published, and when the rest will be: the seed's hash, the seed, the list's root, the counts. */
function PublishedFacts({ info }: { info: Info }) {
  const { t, i18n } = useRemoteTranslation();
  const { issue, verification } = info;
  const drawn = verification.seed !== null;
  const count = (value: number | null) => (value === null ? '—' : String(value));
  return (
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
        {
          id: 'root',
          label: t('info.verify.listRoot'),
          value: verification.list_root ? (
            <code className={styles.mono}>{verification.list_root}</code>
          ) : (
            t('info.verify.listLater', { date: formatMarketTime(issue.closes_at, issue.market, i18n.language) })
          ),
        },
        ...(verification.list_sealed_at
          ? [
              {
                id: 'sealed',
                label: t('info.verify.listSealed'),
                value: `${formatMarketTime(verification.list_sealed_at, issue.market, i18n.language)} · ${t(
                  'info.verify.listSize',
                  { count: verification.list_size ?? 0 },
                )}`,
              },
            ]
          : []),
        ...(verification.final_seed
          ? [
              {
                id: 'final',
                label: t('info.verify.finalSeed'),
                value: <code className={styles.mono}>{verification.final_seed}</code>,
              },
            ]
          : []),
        { id: 'algorithm', label: t('info.verify.algorithm'), value: verification.algorithm },
        { id: 'offered', label: t('info.verify.unitsOffered'), value: String(verification.units_offered) },
        { id: 'applications', label: t('info.verify.applications'), value: count(verification.applications) },
        { id: 'applied', label: t('info.verify.unitsApplied'), value: count(verification.units_applied) },
        { id: 'allotted', label: t('info.verify.unitsAllotted'), value: count(verification.units_allotted) },
      ]}
    />
  );
}

/**
 * "Verify the draw": before it, the seed's hash published when the window opened and what will be published;
 * after it, the seed and the algorithm, and a button that reads every published application and recomputes
 * the allotment here, in this browser, with the shared lottery, then says whether it matches the server's.
 */
export function DrawVerification({ info }: { info: Info }) {
  const { t } = useRemoteTranslation();
  const { issue, verification, application } = info;
  const [readDraw] = useLazyGetNewShareDrawQuery();
  const [outcome, setOutcome] = useState<VerificationOutcome>();
  const [failure, setFailure] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const drawn = verification.seed !== null;
  // The root this device saw first (at the close, if it looked then): a later, different one means a rewritten list.
  const seenRoot = useMemo(
    () => (verification.list_root ? witnessRoot(issue.id, verification.list_root) : null),
    [issue.id, verification.list_root],
  );
  const recompute = async () => {
    setBusy(true);
    setOutcome(undefined);
    setFailure(undefined);
    try {
      const readPage = (page: number) => readDraw({ id: issue.id, page }).unwrap();
      const before = { seedHash: verification.seed_hash, listRoot: seenRoot, own: ownListed(info) };
      setOutcome(await verifyPublishedDraw(readPage, before, application?.application_no));
    } catch (error) {
      setFailure(apiErrorOf(error) ?? { status: 0, kind: 'network', msg: 'network_error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('info.verify.title')} className={layout.card} aria-label={t('info.verify.title')}>
      <p className={layout.note}>{t(drawn ? 'info.verify.introAfter' : 'info.verify.introBefore')}</p>
      <PublishedFacts info={info} />
      {seenRoot && seenRoot !== verification.list_root ? (
        <p className={layout.note} role="alert">
          {t('info.verify.rootChanged', { seen: seenRoot })}
        </p>
      ) : null}
      {seenRoot ? <InclusionCheck info={info} root={seenRoot} /> : null}
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
    outcome.algorithm === LOTTERY_ALGORITHM
      ? t(outcome.listMatchesRoot ? 'info.verify.listOk' : 'info.verify.listBad')
      : null,
    outcome.ownIncluded === null ? null : t(outcome.ownIncluded ? 'info.verify.ownInList' : 'info.verify.ownNotInList'),
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

/**
 * The reader's own application under the root published at the close: its leaf (number, lots and the
 * contribution on the receipt) folded with the Merkle proof, here in the browser, must give that root.
 */
function InclusionCheck({ info, root }: { info: Info; root: string }) {
  const { t } = useRemoteTranslation();
  const own = ownListed(info);
  const [included, setIncluded] = useState<boolean>();
  useEffect(() => {
    let live = true;
    setIncluded(undefined);
    if (own) void verifyInclusion(own.line, own.proof, root).then((ok) => live && setIncluded(ok));
    return () => {
      live = false;
    };
    // The proof and the receipt come with the info answer; a new answer re-checks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info, root]);
  if (!own || included === undefined) return null;
  const number = own.line.application_no;
  return (
    <div className={styles.result} role="status" aria-label={t('info.verify.inclusionLabel')}>
      <p className={layout.note}>
        {t(included ? 'info.verify.inclusionOk' : 'info.verify.inclusionBad', {
          number,
          steps: own.proof.length,
        })}
      </p>
    </div>
  );
}
