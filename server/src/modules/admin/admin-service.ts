/**
 * The back office's account calls: identity review, user flags, site config, news. Every operator
 * action writes the audit log in the same transaction; a refusal is a BusinessError raised before
 * anything is written (or inside the transaction that then rolls back).
 */
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import { recordAudit } from '../audit/audit-service';
import {
  checkExists,
  listChecks,
  readRealnameStatus,
  resolveCheck,
  setRealnameStatus,
} from '../identity/identity-repository';
import { notify } from '../inbox/inbox-service';
import { setNews } from '../news/news-service';
import { deleteUserSessions } from '../sessions/sessions-repository';
import { getConfigValue, setConfigValue } from '../site-config/site-config-repository';
import { lockUserFlagsByAccount, setUserStatusFlags } from '../users/users-repository';
import { iso } from '../wire/wire';
import { assertMayDecideAbout } from './own-account';
import { requireRejectReason } from './reject-reason';

const REALNAME_PAGE_SIZE = 20;

/** The identity checks of one state (or all), a page of REALNAME_PAGE_SIZE. */
async function listRealnames(db: Database, input: InputOf<'adminRealnames'>) {
  const status = ({ pending: 'pending', approved: 'verified', rejected: 'failed', all: null } as const)[input.status];
  return db.tx(
    async (tx) => {
      const { rows, total } = await listChecks(tx, status, {
        size: REALNAME_PAGE_SIZE,
        offset: (input.page - 1) * REALNAME_PAGE_SIZE,
      });
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          account: r.account,
          name: r.name,
          id_number: r.idNumber,
          front_id: r.frontId,
          back_id: r.backId,
          status: r.status,
          reject_reason: r.rejectReason,
          created_at: iso(r.createdAt),
          reviewed_at: iso(r.reviewedAt),
        })),
        total,
      };
    },
    { readOnly: true },
  );
}

/** Approves or rejects one identity check (never the operator's own), tells the user, audits the decision. */
async function reviewRealname(
  db: Database,
  now: () => Date,
  actorId: bigint,
  input: InputOf<'adminRealnameReview'>,
): Promise<void> {
  await db.tx(async (tx) => {
    const status = input.action === 'approve' ? 'verified' : 'failed';
    const row = await resolveCheck(tx, input.id, {
      status,
      rejectReason: input.action === 'reject' ? input.reason : null,
      reviewedBy: actorId,
      reviewedAt: now(),
    });
    if (!row) throw new BusinessError((await checkExists(tx, input.id)) ? 'review_already_done' : 'not_found');
    // Nobody reviews their own identity check (the claim above rolls back with the refusal).
    await assertMayDecideAbout(tx, actorId, row.userId);
    requireRejectReason(input.action, input.reason);
    const userId = row.userId;
    if (status === 'verified') {
      await setRealnameStatus(tx, userId, 'verified', row.name);
      await notify(tx, userId, { key: 'realname_verified' }, now());
    } else {
      await setRealnameStatus(tx, userId, 'failed');
      await notify(tx, userId, { key: 'realname_failed', values: { reason: input.reason } }, now());
    }
    await recordAudit(tx, {
      actorId,
      action: `realname.${input.action}`,
      target: `realname:${input.id}`,
      detail: input.reason ? { reason: input.reason } : {},
      before: { status: 'pending' },
      after: { status },
    });
  });
}

/**
 * Sets or clears a user's ban, freeze and trading bar with the operator's reason (never on the operator's own
 * account); ends the sessions of a banned or frozen account, asks a fresh identity check after a freeze, tells the
 * user, audits before and after.
 */
async function setUserFlags(
  db: Database,
  now: () => Date,
  actorId: bigint,
  input: InputOf<'adminUserFlags'>,
): Promise<void> {
  await db.tx(async (tx) => {
    const user = await lockUserFlagsByAccount(tx, input.account);
    if (!user) throw new BusinessError('account_not_found', { field: 'account' });
    const userId = user.id;
    // Nobody changes their own account's flags (nor locks themselves out); another administrator can.
    await assertMayDecideAbout(tx, actorId, userId);
    const flag = (v: '0' | '1' | undefined, old: boolean) => (v === undefined ? old : v === '1');
    const next = {
      banned: flag(input.banned, user.banned),
      frozen: flag(input.frozen, user.frozen),
      trade_disabled: flag(input.trade_disabled, user.tradeDisabled),
    };
    await setUserStatusFlags(tx, userId, {
      banned: next.banned,
      frozen: next.frozen,
      tradeDisabled: next.trade_disabled,
      restrictionReason: input.reason,
    });
    if (next.banned || next.frozen) await deleteUserSessions(tx, userId);
    // A frozen account reopens only after a fresh identity check (issue 33 point 3, JSDA 2025): the status goes
    // back to none, so money paths answer realname_required until a new submission is approved. The earlier
    // identity_checks rows stay as they were (the audit's record of the prior verification).
    const realnameBefore = (await readRealnameStatus(tx, userId)) ?? 'none';
    const reverify = user.frozen && !next.frozen && realnameBefore !== 'none';
    if (reverify) await setRealnameStatus(tx, userId, 'none');
    // The user is shown the reason: a message rendered in the reader's language when read.
    const restricted = next.banned || next.frozen || next.trade_disabled;
    const key = restricted ? 'account_restricted' : 'account_unrestricted';
    await notify(tx, userId, { key, values: { reason: input.reason } }, now());
    if (reverify) await notify(tx, userId, { key: 'reverify_required' }, now());
    await recordAudit(tx, {
      actorId,
      action: 'user.flags',
      target: `user:${input.account}`,
      detail: { reason: input.reason },
      before: {
        banned: user.banned,
        frozen: user.frozen,
        trade_disabled: user.tradeDisabled,
        ...(reverify ? { realname_status: realnameBefore } : {}),
      },
      after: reverify ? { ...next, realname_status: 'none' } : next,
    });
  });
}

/** `now` is the app clock (config.now): reviews and their messages are stamped with it. */
export function createAdminService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    listRealnames: (input: InputOf<'adminRealnames'>) => listRealnames(db, input),

    reviewRealname: (actorId: bigint, input: InputOf<'adminRealnameReview'>) => reviewRealname(db, now, actorId, input),

    setUserFlags: (actorId: bigint, input: InputOf<'adminUserFlags'>) => setUserFlags(db, now, actorId, input),

    async setConfig(actorId: bigint, input: InputOf<'adminConfig'>): Promise<void> {
      await db.tx(async (tx) => {
        const before = await getConfigValue(tx, input.name);
        await setConfigValue(tx, input.name, input.value);
        await recordAudit(tx, {
          actorId,
          action: 'config.set',
          target: `config:${input.name}`,
          before: { value: before ?? null },
          after: { value: input.value },
        });
      });
    },

    async setNews(actorId: bigint, input: InputOf<'adminNews'>): Promise<{ id: number }> {
      return db.tx(async (tx) => {
        const id = await setNews(tx, input);
        await recordAudit(tx, {
          actorId,
          action: input.id === undefined ? 'news.create' : 'news.edit',
          target: `news:${id}`,
          detail: { lang: input.lang, title: input.title },
          after: { lang: input.lang, title: input.title, summary: input.summary },
        });
        return { id };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
