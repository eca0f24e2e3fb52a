/**
 * The back office's new-share calls: create an issue (its seed is drawn here, from the server's CSPRNG),
 * edit it only before its window opens, withdraw it (every live subscription fails and is released),
 * run its draw now (after the window closed). Every call is audited. Nothing here types a market price,
 * a premium, a hit rate or an allotment.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LOTTERY_ALGORITHM, LOTTERY_ALGORITHM_V1 } from 'shared';
import { MARKET_CURRENCY } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import type { PriceSource } from '../assets/price-source';
import { recordAudit } from '../audit/audit-service';
import { ADMIN_PAGE_SIZE } from '../common/money-context';
import { moneyTx } from '../ledger/money-tx';
import { userAmount } from '../wire/wire';
import {
  getIssue,
  insertIssue,
  listAllIssues,
  updateIssueBeforeOpen,
  withdrawIssueRow,
  type IssueFacts,
  type IssueRow,
} from './issues-repository';
import { drawIssue, failIssueSubscriptions, signalUsers } from './lifecycle';
import { issueToWire, marketTimeText } from './ipo-view';

type IssueInput = InputOf<'adminNewShareCreate'>;

/** A fresh draw seed (32 random bytes, hex) and its published hash. */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: createHash('sha256').update(seed).digest('hex') };
}

/** The prospectus facts of a request, checked: dates in order, whole lots, price in minor units. */
export function issueFacts(input: IssueInput): IssueFacts {
  const currency = MARKET_CURRENCY[input.market];
  const price = userAmount(input.price, currency, 'price');
  const times = [input.opens_at, input.closes_at, input.draw_at, input.pay_deadline, input.listing_at];
  const [opensAt, closesAt, drawAt, payDeadline, listingAt] = times.map((t) => new Date(t)) as [
    Date,
    Date,
    Date,
    Date,
    Date,
  ];
  const distributionAt = new Date(input.distribution_at);
  const ordered =
    opensAt < closesAt &&
    closesAt <= drawAt &&
    drawAt < payDeadline &&
    payDeadline <= listingAt &&
    listingAt <= distributionAt;
  if (!ordered) throw new BusinessError('new_share_dates_invalid', { field: 'opens_at' });
  const lot = BigInt(input.lot_size);
  const cap = BigInt(input.subscription_cap);
  const size = BigInt(input.issue_size);
  for (const [field, value] of [
    ['subscription_cap', cap],
    ['issue_size', size],
  ] as const) {
    if (value % lot !== 0n)
      throw new BusinessError('quantity_not_lot_multiple', { field, values: { lot: String(lot) } });
  }
  if (cap / lot > 10_000n) throw new BusinessError('field_invalid', { field: 'subscription_cap' });
  return {
    market: input.market,
    currency,
    code: input.code.toUpperCase(),
    names: { 'zh-CN': input.name_zh, en: input.name_en, ja: input.name_ja },
    price: price.toFixed(),
    pe: input.pe ?? null,
    lotSize: input.lot_size,
    subscriptionCap: cap,
    issueSize: size,
    underwriter: input.underwriter,
    lockupDays: input.lockup_days,
    opensAt,
    closesAt,
    drawAt,
    payDeadline,
    listingAt,
    distributionAt,
  };
}

const codeTaken = (error: unknown) => pgErrorCode(error) === PG_UNIQUE_VIOLATION;

export function createAdminNewShares({ db, now, prices }: { db: Database; now: () => Date; prices: PriceSource }) {
  const toWire = (row: IssueRow) => issueToWire(row, { now: now(), lang: 'en', prices });
  const existing = async (tx: Tx, id: number) => {
    const row = await getIssue(tx, id, { lock: true });
    if (!row) throw new BusinessError('new_share_not_found');
    return row;
  };

  return {
    async list(input: InputOf<'adminNewShares'>) {
      return db.tx(
        async (tx) => {
          const { rows, total } = await listAllIssues(tx, ADMIN_PAGE_SIZE, (input.page - 1) * ADMIN_PAGE_SIZE);
          return { list: rows.map(toWire), total };
        },
        { readOnly: true },
      );
    },

    async create(actorId: bigint, input: IssueInput) {
      const facts = issueFacts(input);
      return moneyTx(db, async (tx) => {
        if (facts.opensAt <= now()) throw new BusinessError('new_share_not_editable', { field: 'opens_at' });
        const row = await insertIssue(tx, { ...facts, ...newSeed(), createdBy: actorId, createdAt: now() }).catch(
          (error: unknown) => {
            if (codeTaken(error))
              throw new BusinessError('field_invalid', { field: 'code', values: { field: 'code' } });
            throw error;
          },
        );
        await recordAudit(tx, {
          actorId,
          action: 'new_share.create',
          target: `issue:${row.id}`,
          detail: input,
          before: null,
          after: toWire(row),
        });
        return { msg: 'saved' as const, data: toWire(row) };
      });
    },

    async edit(actorId: bigint, input: InputOf<'adminNewShareEdit'>) {
      const facts = issueFacts(input);
      return moneyTx(db, async (tx) => {
        const before = await existing(tx, input.id);
        if (before.withdrawnAt || before.opensAt <= now()) throw new BusinessError('new_share_not_editable');
        if (facts.opensAt <= now()) throw new BusinessError('new_share_not_editable', { field: 'opens_at' });
        const row = await updateIssueBeforeOpen(tx, before.id, facts, now()).catch((error: unknown) => {
          if (codeTaken(error)) throw new BusinessError('field_invalid', { field: 'code', values: { field: 'code' } });
          throw error;
        });
        if (!row) throw new BusinessError('new_share_not_editable');
        await recordAudit(tx, {
          actorId,
          action: 'new_share.edit',
          target: `issue:${row.id}`,
          detail: input,
          before: toWire(before),
          after: toWire(row),
        });
        return { msg: 'saved' as const, data: toWire(row) };
      });
    },

    async withdraw(actorId: bigint, input: InputOf<'adminNewShareWithdraw'>) {
      const { result, notified } = await moneyTx(db, async (tx) => {
        const before = await existing(tx, input.id);
        if (before.withdrawnAt) throw new BusinessError('new_share_not_found');
        const row = await withdrawIssueRow(tx, before.id, input.reason, now());
        if (!row) throw new BusinessError('new_share_already_listed');
        const users = await failIssueSubscriptions(tx, row, input.reason, now());
        await recordAudit(tx, {
          actorId,
          action: 'new_share.withdraw',
          target: `issue:${row.id}`,
          detail: { reason: input.reason, subscriptions_failed: users.length },
          before: { withdrawn: false },
          after: { withdrawn: true },
        });
        return { result: { msg: 'saved' as const, data: toWire(row) }, notified: users };
      });
      await signalUsers(db, notified);
      return result;
    },

    async drawNow(actorId: bigint, input: InputOf<'adminNewShareDraw'>) {
      const issue = await db.tx((tx) => getIssue(tx, input.id), { readOnly: true });
      if (!issue || issue.withdrawnAt) throw new BusinessError('new_share_not_found');
      if (now() < issue.closesAt)
        throw new BusinessError('new_share_window_open', {
          values: { closes: marketTimeText(issue.market, issue.closesAt) },
        });
      const result = await drawIssue(db, issue.id, now());
      const drawn = await db.tx((tx) => getIssue(tx, issue.id), { readOnly: true });
      const revealed = drawn?.drawState === 'drawn';
      await db.tx((tx) =>
        recordAudit(tx, {
          actorId,
          action: 'new_share.draw',
          target: `issue:${issue.id}`,
          detail: { drawn_now: result.drawnNow, units_allotted: result.unitsAllotted },
          before: { drawn: !result.drawnNow },
          after: { drawn: true, units_allotted: result.unitsAllotted },
        }),
      );
      return {
        msg: 'saved' as const,
        data: {
          issue_id: result.issueId,
          drawn_now: result.drawnNow,
          applications: result.applications,
          units_offered: result.unitsOffered,
          units_applied: result.unitsApplied,
          units_allotted: result.unitsAllotted,
          winners: result.winners,
          // The chain that fixed the result, as /ipo/info publishes it (ADR 0016).
          seed_hash: issue.seedHash,
          list_root: drawn?.listRoot ?? null,
          seed: revealed ? drawn.seed : null,
          final_seed: revealed ? drawn.finalSeed : null,
          algorithm: revealed && drawn.listRoot === null ? LOTTERY_ALGORITHM_V1 : LOTTERY_ALGORITHM,
        },
      };
    },
  };
}

export type AdminNewShares = ReturnType<typeof createAdminNewShares>;
