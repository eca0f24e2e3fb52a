/**
 * The investor's new-share reads (docs/decisions/0016-new-share-lottery.md): the catalogue by tab, an
 * issue with the draw's verification data, the published draw and the user's subscriptions. Read-only.
 */
import { LOTTERY_ALGORITHM, LOTTERY_ALGORITHM_V1, LOTTERY_DESCRIPTION, LOTTERY_DESCRIPTION_V1 } from 'shared';
import type { I18nLang } from 'shared/messages';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { iso } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import {
  countApplications,
  getOwnApplication,
  getUserApplicationForIssue,
  listDrawLines,
  listUserApplications,
} from './applications-repository';
import type { NewShareContext } from './ipo-context';
import { getIssue, listIssues, type IssueRow } from './issues-repository';
import { inclusionProof } from './list-seal';
import { applicationToWire, currencyOf, issueToWire } from './ipo-view';

type ReadDeps = Pick<NewShareContext, 'db' | 'now' | 'prices'>;

/** A draw made before the list was sealed (0032): tickets from the committed seed alone. */
const isV1 = (issue: IssueRow) => issue.drawState === 'drawn' && issue.listRoot === null;

/** The subscription after a change, as the wire shows it. */
export const rereadApplication = async (now: () => Date, tx: Tx, userId: bigint, id: number | bigint, lang: I18nLang) =>
  applicationToWire((await getOwnApplication(tx, userId, Number(id)))!, { now: now(), lang });

/** /ipo/list: a page of the issues of one market and tab. */
export async function listNewShares({ db, now, prices }: ReadDeps, input: InputOf<'newShareList'>) {
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const at = now();
      const { rows, total } = await listIssues(tx, {
        market: input.type,
        tab: input.tab,
        now: at,
        limit: input.size,
        offset: (input.page - 1) * input.size,
      });
      return { list: rows.map((row) => issueToWire(row, { now: at, lang, prices })), total };
    },
    { readOnly: true },
  );
}

/** /ipo/info: one issue, the user's subscription to it (with its inclusion proof) and the draw's verification data. */
export async function newShareInfo({ db, now, prices }: ReadDeps, userId: bigint, input: InputOf<'newShareInfo'>) {
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const at = now();
      const issue = await getIssue(tx, input.id);
      if (!issue) throw new BusinessError('new_share_not_found');
      const own = await getUserApplicationForIssue(tx, userId, issue.id);
      const closed = at.getTime() >= issue.closesAt.getTime();
      const counts = closed ? await countApplications(tx, issue.id) : undefined;
      const drawn = issue.drawState === 'drawn';
      const v1 = isV1(issue);
      const proof =
        own && own.applicationNo !== null && issue.listRoot !== null
          ? await inclusionProof(tx, issue.id, own.applicationNo)
          : undefined;
      return {
        issue: issueToWire(issue, { now: at, lang, prices }),
        application: own ? applicationToWire(own, { now: now(), lang }) : null,
        inclusion: proof ? { leaf_index: proof.leafIndex, path: proof.path } : null,
        verification: {
          seed_hash: at.getTime() >= issue.opensAt.getTime() ? issue.seedHash : null,
          seed: drawn ? issue.seed : null,
          algorithm: v1 ? LOTTERY_ALGORITHM_V1 : LOTTERY_ALGORITHM,
          algorithm_description: v1 ? LOTTERY_DESCRIPTION_V1 : LOTTERY_DESCRIPTION,
          units_offered: Number(issue.issueSize / BigInt(issue.lotSize)),
          applications: counts ? counts.applications : null,
          units_applied: counts ? counts.unitsApplied : null,
          units_allotted: drawn ? Number(issue.unitsAllotted ?? 0) : null,
          drawn_at: iso(issue.drawnAt),
          list_root: issue.listRoot,
          list_sealed_at: iso(issue.listSealedAt),
          list_size: issue.listSize,
          final_seed: drawn ? issue.finalSeed : null,
        },
      };
    },
    { readOnly: true },
  );
}

/** /ipo/draw: a page of the published draw's lines with what verifies them. */
export async function newShareDraw({ db }: Pick<NewShareContext, 'db'>, input: InputOf<'newShareDraw'>) {
  return db.tx(
    async (tx) => {
      const issue = await getIssue(tx, input.id);
      if (!issue) throw new BusinessError('new_share_not_found');
      if (issue.drawState !== 'drawn') throw new BusinessError('draw_not_published');
      const page = await listDrawLines(tx, issue.id, { limit: input.size, offset: (input.page - 1) * input.size });
      return {
        list: page.rows,
        total: page.total,
        seed: issue.seed,
        seed_hash: issue.seedHash,
        list_root: issue.listRoot,
        algorithm: isV1(issue) ? LOTTERY_ALGORITHM_V1 : LOTTERY_ALGORITHM,
        units_offered: Number(issue.issueSize / BigInt(issue.lotSize)),
        lot_size: issue.lotSize,
      };
    },
    { readOnly: true },
  );
}

/** /trade/usernewstocklist: records (every subscription) or allotments (the drawn ones). */
export async function newShareRecords(
  { db, now }: Pick<NewShareContext, 'db' | 'now'>,
  userId: bigint,
  input: InputOf<'newStockList'>,
) {
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const rows = await listUserApplications(tx, userId, currencyOf(input.type), input.tab === 'allotments');
      return rows.map((row) => ({ ...applicationToWire(row, { now: now(), lang }), id: String(row.id) }));
    },
    { readOnly: true },
  );
}
