/**
 * The one risk-disclosure mechanism (docs/decisions/0020-one-risk-disclosure.md). Screens read a kind's
 * current text and acknowledge it (/trade/riskDisclosure and /trade/riskAck with `kind`; the /ipo/ and
 * /copy/ pairs are aliases with their kind fixed). A module whose call needs the acknowledgement runs
 * `requireRiskAck(tx, userId, kind)` inside its own transaction: it refuses with
 * risk_disclosure_required until the user acknowledged the kind's current version.
 */
import type { RiskKind } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { moneyTx } from '../ledger/money-tx';
import { iso } from '../wire/wire';
import { acknowledge, currentVersion, hasAcknowledged, readDisclosure } from './risk-disclosure-repository';

/** Whether the user acknowledged the kind's current version (e.g. for a config answer). */
export function isRiskAcknowledged(tx: Tx, userId: bigint, kind: RiskKind): Promise<boolean> {
  return hasAcknowledged(tx, userId, kind);
}

/** Refuses with risk_disclosure_required unless the user acknowledged the kind's current version. */
export async function requireRiskAck(tx: Tx, userId: bigint, kind: RiskKind): Promise<void> {
  if (!(await hasAcknowledged(tx, userId, kind))) throw new BusinessError('risk_disclosure_required');
}

export interface RiskDisclosureContext {
  db: Database;
  now: () => Date;
}

export function createRiskDisclosureService({ db, now }: RiskDisclosureContext) {
  return {
    /** The kind's current version in `lang` (zh-CN when a text lacks it), and whether it was acknowledged. */
    async disclosure(userId: bigint, kind: RiskKind, lang: I18nLang) {
      return db.tx(
        async (tx) => {
          const version = await currentVersion(tx, kind);
          const row = await readDisclosure(tx, userId, kind, version);
          if (!row) throw new Error(`${kind} risk disclosure version ${version} is missing`);
          return {
            version,
            title: row.title[lang] ?? row.title['zh-CN']!,
            text: row.body[lang] ?? row.body['zh-CN']!,
            acknowledged: row.acknowledgedAt !== null,
            acknowledged_at: iso(row.acknowledgedAt),
          };
        },
        { readOnly: true },
      );
    },

    /** Stores the acknowledgement of the kind's current version with its time (the first time is kept). */
    async acknowledge(userId: bigint, kind: RiskKind, version: number) {
      return moneyTx(db, async (tx) => {
        if (version !== (await currentVersion(tx, kind)))
          throw new BusinessError('field_invalid', { field: 'version', values: { field: 'version' } });
        const acknowledgedAt = await acknowledge(tx, userId, kind, version, now());
        return { msg: 'risk_acknowledged' as const, data: { version, acknowledged_at: iso(acknowledgedAt)! } };
      });
    },
  };
}

export type RiskDisclosureService = ReturnType<typeof createRiskDisclosureService>;
