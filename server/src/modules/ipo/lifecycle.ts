/**
 * The clock-driven steps of a new share (docs/decisions/0016-new-share-lottery.md), each one database
 * transaction of set-based statements, each safe to run twice or from two servers at once:
 *  - sealList (list-seal.ts): at the close, the Merkle root of the applications, published before the seed;
 *  - drawIssue: claims the draw (pending → drawn, a conditional UPDATE: a second call does nothing),
 *    allots in one statement, releases the losers' holds, messages everyone, records the totals.
 *  - expireUnpaid: won subscriptions past the payment deadline → abstained, holds released (SKIP LOCKED).
 *  - failIssue: a withdrawn issue's live subscriptions → failed, holds released.
 * The background-job runner calls drawIssue for each issue of `dueDraws` and expireUnpaid on a period.
 */
import { finalSeedOf } from 'shared';
import { MINOR_UNITS, type Currency } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { signalInboxChange } from '../inbox/inbox-signal';
import { moneyTx } from '../ledger/money-tx';
import {
  allotStatement,
  claimDraw,
  drawTotals,
  expireDue,
  failSubscriptions,
  insertStepMessages,
  recordDrawTotals,
  recordFinalSeed,
  releaseHolds,
  unreadCounts,
  voidHoldsByIds,
  type MessageFormat,
} from './draw-repository';
import { dueDrawIds, getIssue, type IssueRow } from './issues-repository';
import { sealList, sha256Text } from './list-seal';
import { marketTimeText } from './ipo-view';

/** Beyond this many users a step does not push inbox badges one by one (clients still read the inbox). */
const SIGNAL_LIMIT = 1000;

export interface DrawResult {
  issueId: number;
  /** False when this call did not draw (already drawn, withdrawn, window still open, unknown issue). */
  drawnNow: boolean;
  applications: number;
  unitsOffered: number;
  unitsApplied: number;
  unitsAllotted: number;
  winners: number;
}

/** to_char pattern for an amount in a currency's minor unit, with thousands separators. */
export function amountPattern(currency: Currency): string {
  const decimals = MINOR_UNITS[currency];
  return decimals > 0 ? `FM999,999,999,999,999,990.${'0'.repeat(decimals)}` : 'FM999,999,999,999,999,990';
}

export function messageFormat(issue: IssueRow, values: Record<string, string> = {}): MessageFormat {
  return {
    amountPattern: amountPattern(issue.currency),
    currency: issue.currency,
    values: { code: issue.code, ...values },
  };
}

/** Pushes the inbox badge of the users a step messaged (after commit). */
export async function signalUsers(db: Database, userIds: readonly bigint[]): Promise<void> {
  const unique = [...new Set(userIds.map(String))].map(BigInt);
  if (unique.length === 0 || unique.length > SIGNAL_LIMIT) return;
  await db.tx(
    async (tx) => {
      const counts = await unreadCounts(tx, unique);
      for (const id of unique) signalInboxChange(tx, id, counts.get(id) ?? 0);
    },
    { readOnly: true },
  );
}

/**
 * Draws an issue whose window has closed. Exactly once: a second call (or a second server) finds the
 * issue drawn and answers drawnNow false without touching anything. The list is sealed first, in its own
 * committed transaction (a no-op when the seal job did it at the close), so its root is published before
 * the seed is; the tickets use final seed = SHA-256("<seed>:<root>").
 */
export async function drawIssue(db: Database, issueId: bigint | number, now: Date): Promise<DrawResult> {
  const id = BigInt(issueId);
  await sealList(db, id, now);
  const { result, notified } = await moneyTx(db, async (tx) => {
    const issue = await getIssue(tx, id);
    const unitsOffered = issue ? Number(issue.issueSize / BigInt(issue.lotSize)) : 0;
    const idle = { issueId: Number(id), drawnNow: false, applications: 0, unitsOffered, unitsApplied: 0 };
    const claimed = issue && (await claimDraw(tx, id, now));
    if (!issue || !claimed) {
      const totals = issue?.drawState === 'drawn' ? await drawTotals(tx, id) : undefined;
      return { result: { ...idle, unitsAllotted: 0, winners: 0, ...totals }, notified: [] as bigint[] };
    }
    const finalSeed = await finalSeedOf(claimed.seed, claimed.listRoot, sha256Text);
    await recordFinalSeed(tx, id, finalSeed);
    const drawn = await allotStatement(tx, {
      issueId: id,
      seed: finalSeed,
      unitsOffered,
      lotSize: claimed.lotSize,
      now,
    });
    // One statement; the ledger's statement trigger moves each account's balance once (0015).
    await releaseHolds(tx, id, ['not_won'], now);
    const format = messageFormat(issue, { deadline: marketTimeText(issue.market, issue.payDeadline) });
    // Beyond SIGNAL_LIMIT subscribers no badge is pushed (signalUsers), so their ids are not read back.
    const returnUsers = drawn <= SIGNAL_LIMIT;
    const message = { issueId: id, at: now, format, returnUsers };
    const won = await insertStepMessages(tx, {
      ...message,
      state: 'won',
      key: 'new_share_won',
      amountColumn: 'allotted',
    });
    const lost = await insertStepMessages(tx, {
      ...message,
      state: 'not_won',
      key: 'new_share_not_won',
      amountColumn: 'subscription',
    });
    const totals = await recordDrawTotals(tx, id);
    return { result: { ...idle, drawnNow: true, ...totals }, notified: [...won, ...lost] };
  });
  await signalUsers(db, notified);
  return result;
}

/** Issues whose draw is due at `now` (window closed, draw time reached, not drawn, not withdrawn). */
export function dueDraws(db: Database, now: Date): Promise<bigint[]> {
  return db.tx((tx) => dueDrawIds(tx, now), { readOnly: true });
}

/** Won subscriptions past their payment deadline → abstained, holds released, one message each. */
export async function expireUnpaid(db: Database, now: Date): Promise<number> {
  const { count, notified } = await moneyTx(db, async (tx) => {
    const expired = await expireDue(tx, now);
    await voidHoldsByIds(
      tx,
      expired.map((e) => e.holdId),
      now,
    );
    const users: bigint[] = [];
    for (const issueId of new Set(expired.map((e) => e.issueId))) {
      const issue = (await getIssue(tx, issueId))!;
      users.push(
        ...(await insertStepMessages(tx, {
          issueId,
          state: 'abstained',
          key: 'new_share_expired',
          amountColumn: 'subscription',
          ids: expired.filter((e) => e.issueId === issueId).map((e) => e.id),
          at: now,
          format: messageFormat(issue, { deadline: marketTimeText(issue.market, issue.payDeadline) }),
        })),
      );
    }
    return { count: expired.length, notified: users };
  });
  await signalUsers(db, notified);
  return count;
}

/** In the withdrawal's transaction: every live subscription fails, its hold is released, its owner told. */
export async function failIssueSubscriptions(tx: Tx, issue: IssueRow, reason: string, now: Date): Promise<bigint[]> {
  await failSubscriptions(tx, issue.id, now);
  await releaseHolds(tx, issue.id, ['failed'], now);
  return insertStepMessages(tx, {
    issueId: issue.id,
    state: 'failed',
    key: 'new_share_withdrawn',
    amountColumn: 'released',
    at: now,
    format: messageFormat(issue, { reason }),
  });
}
