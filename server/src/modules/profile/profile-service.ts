/**
 * The account rules: login and fund passwords, identity verification, bank cards, inbox and news
 * for users; identity review, user flags, site config, news and images for operators. Every
 * refusal is a BusinessError with a catalogue key and is raised before anything is written (or
 * inside the transaction that then rolls back), so a refusal changes nothing. Slow password
 * hashing runs outside transactions, except the fund-password check that must see the row it guards.
 *
 * Decisions:
 * - A bank card must be in the account holder's own name, as a Japanese broker requires: its holder
 *   name must equal the verified identity name (compared after Unicode NFKC normalisation, ignoring
 *   spaces and letter case); otherwise `card_holder_mismatch` naming the verified name.
 * - Another user's card, message or image answers exactly like a missing one.
 * - Operator actions write the audit log in the same transaction; viewing an image is audited too.
 */
import { sql } from 'drizzle-orm';
import type { I18nLang } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { SlidingWindowLimiter } from '../../security/rate-limit';
import { recordAudit } from '../audit/audit-service';
import { listMessages, notify, readMessage } from '../inbox/inbox-service';
import { getNews, listNews, setNews } from '../news/news-service';
import { deleteUserSessions } from '../sessions/sessions-repository';
import { setConfigValue, getConfigValue } from '../site-config/site-config-repository';
import { assertImage, readUpload, saveUpload } from '../uploads/uploads-service';
import { getCard, listCards, maskCardNumber, verifyFundPassword, type BankCardRow } from '../users/user-checks';

export interface CardInput {
  holder_name: string;
  card_number: string;
  card_type: 'ordinary' | 'checking';
  bank_name: string;
  branch_name: string;
  branch_code: string;
}

/** Names compare after NFKC (full-width → half-width), without spaces, case-insensitively. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .replace(/[\s\u3000]+/g, '')
      .toLowerCase();
  return norm(a) === norm(b);
}

/** "山田太郎" → "山***"; "AB123456" → "****3456". */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}
export function maskIdNumber(id: string): string {
  return `${'*'.repeat(Math.max(id.length - 4, 0))}${id.slice(-4)}`;
}

function cardAnswer(card: BankCardRow) {
  return {
    id: card.id,
    holder_name: card.holderName,
    card_number_masked: maskCardNumber(card.cardNumber),
    card_type: card.cardType,
    bank_name: card.bankName,
    branch_name: card.branchName,
    branch_code: card.branchCode,
    created_at: card.createdAt.toISOString(),
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** `now` is the app clock (config.now): identity submissions, reviews and their messages are stamped with it. */
export function createProfileService(deps: { db: Database; hasher: PasswordHasher; now?: () => Date }) {
  const { db, hasher } = deps;
  const now = deps.now ?? (() => new Date());
  // Guessing the login password through a stolen session: 10 attempts per 15 minutes per user.
  const passwordAttempts = new SlidingWindowLimiter({ max: 10, windowMs: 15 * 60_000 });

  async function userRow(tx: Tx, userId: bigint) {
    const rows = await queryRows<{
      id: bigint;
      account: string;
      password_hash: string;
      fund_password_hash: string | null;
      realname_status: string;
      realname_name: string | null;
    }>(
      tx,
      sql`SELECT id, account, password_hash, fund_password_hash, realname_status, realname_name FROM users WHERE id = ${userId}`,
    );
    if (!rows[0]) throw new BusinessError('account_not_found');
    return rows[0];
  }

  async function checkLoginPassword(
    userId: bigint,
    password: string,
    wrongKey: 'original_password_wrong' | 'login_password_wrong',
    field: string,
  ) {
    if (!passwordAttempts.take(String(userId))) throw new BusinessError('too_frequent');
    const user = await db.tx((tx) => userRow(tx, userId));
    if (!(await hasher.verify(password, user.password_hash))) throw new BusinessError(wrongKey, { field });
  }

  async function assertCardFits(tx: Tx, userId: bigint, input: CardInput, exceptId?: number) {
    const user = await userRow(tx, userId);
    if (user.realname_status !== 'verified' || !user.realname_name) throw new BusinessError('realname_required');
    if (!sameName(input.holder_name, user.realname_name)) {
      throw new BusinessError('card_holder_mismatch', { field: 'holder_name', values: { name: user.realname_name } });
    }
    const clash = await queryRows<{ id: bigint }>(
      tx,
      sql`SELECT id FROM bank_cards WHERE user_id = ${userId} AND card_number = ${input.card_number} AND id <> ${exceptId ?? 0}`,
    );
    if (clash[0]) throw new BusinessError('card_exists', { field: 'card_number' });
  }

  return {
    // ---- passwords ------------------------------------------------------------------------------
    async changePassword(userId: bigint, input: { old_password: string; password: string }): Promise<void> {
      await checkLoginPassword(userId, input.old_password, 'original_password_wrong', 'old_password');
      const passwordHash = await hasher.hash(input.password);
      await db.tx(async (tx) => {
        await tx.execute(
          sql`UPDATE users SET password_hash = ${passwordHash}, password_changed_at = now() WHERE id = ${userId}`,
        );
        await deleteUserSessions(tx, userId);
      });
    },

    async setFundPassword(
      userId: bigint,
      input: { login_password: string; old_fund_password: string; password: string },
    ): Promise<void> {
      const user = await db.tx((tx) => userRow(tx, userId));
      if (!user.fund_password_hash) {
        if (!input.login_password) throw new BusinessError('password_required', { field: 'login_password' });
        await checkLoginPassword(userId, input.login_password, 'login_password_wrong', 'login_password');
      } else if (!input.old_fund_password) {
        throw new BusinessError('fund_password_required', { field: 'old_fund_password' });
      }
      const fundHash = await hasher.hash(input.password);
      await db.tx(async (tx) => {
        if (user.fund_password_hash) {
          await verifyFundPassword(tx, userId, input.old_fund_password);
          await tx.execute(sql`UPDATE users SET fund_password_hash = ${fundHash} WHERE id = ${userId}`);
        } else {
          // Only the first setting may skip the old fund password: a concurrent first setting loses.
          const rows = await queryRows<{ id: bigint }>(
            tx,
            sql`UPDATE users SET fund_password_hash = ${fundHash} WHERE id = ${userId} AND fund_password_hash IS NULL RETURNING id`,
          );
          if (!rows[0]) throw new BusinessError('fund_password_required', { field: 'old_fund_password' });
        }
      });
    },

    // ---- identity -------------------------------------------------------------------------------
    async submitRealname(
      userId: bigint,
      input: { name: string; id_number: string },
      files: { front: Buffer; back: Buffer },
    ) {
      // Both images are checked before anything is stored.
      assertImage(files.front);
      assertImage(files.back);
      await db.tx(async (tx) => {
        const [user] = await queryRows<{ realname_status: string }>(
          tx,
          sql`SELECT realname_status FROM users WHERE id = ${userId} FOR UPDATE`,
        );
        if (user?.realname_status === 'pending') throw new BusinessError('order_under_review');
        if (user?.realname_status === 'verified') throw new BusinessError('realname_already_verified');
        const front = await saveUpload(tx, { userId, kind: 'id_front', data: files.front });
        const back = await saveUpload(tx, { userId, kind: 'id_back', data: files.back });
        await tx.execute(sql`
          INSERT INTO realname_checks (user_id, name, id_number, front_id, back_id, created_at)
          VALUES (${userId}, ${input.name}, ${input.id_number.toUpperCase()}, ${front.id}, ${back.id}, ${now().toISOString()})`);
        await tx.execute(sql`UPDATE users SET realname_status = 'pending' WHERE id = ${userId}`);
      });
      return this.realnameInfo(userId);
    },

    async realnameInfo(userId: bigint) {
      return db.tx(
        async (tx) => {
          const [user] = await queryRows<{ realname_status: 'none' | 'pending' | 'verified' | 'failed' }>(
            tx,
            sql`SELECT realname_status FROM users WHERE id = ${userId}`,
          );
          const [check] = await queryRows<{
            name: string;
            id_number: string;
            reject_reason: string | null;
            created_at: Date;
            front_id: string;
            back_id: string;
          }>(
            tx,
            sql`SELECT name, id_number, reject_reason, created_at, front_id, back_id FROM realname_checks WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
          );
          return {
            status: user?.realname_status ?? 'none',
            name: check ? maskName(check.name) : '',
            id_number: check ? maskIdNumber(check.id_number) : '',
            reject_reason: check?.reject_reason ?? null,
            submitted_at: check ? iso(check.created_at) : null,
            front_id: check?.front_id ?? null,
            back_id: check?.back_id ?? null,
          };
        },
        { readOnly: true },
      );
    },

    // ---- bank cards -----------------------------------------------------------------------------
    async listCards(userId: bigint) {
      return (await db.tx((tx) => listCards(tx, userId), { readOnly: true })).map(cardAnswer);
    },

    async addCard(userId: bigint, input: CardInput): Promise<{ id: number }> {
      return db.tx(async (tx) => {
        await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
        await assertCardFits(tx, userId, input);
        const rows = await queryRows<{ id: bigint }>(
          tx,
          sql`INSERT INTO bank_cards (user_id, holder_name, card_number, card_type, bank_name, branch_name, branch_code)
              VALUES (${userId}, ${input.holder_name}, ${input.card_number}, ${input.card_type}, ${input.bank_name}, ${input.branch_name}, ${input.branch_code})
              ON CONFLICT (user_id, card_number) DO NOTHING RETURNING id`,
        );
        if (!rows[0]) throw new BusinessError('card_exists', { field: 'card_number' });
        return { id: Number(rows[0].id) };
      });
    },

    async editCard(userId: bigint, id: number, input: CardInput): Promise<void> {
      await db.tx(async (tx) => {
        await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
        await getCard(tx, userId, id);
        await assertCardFits(tx, userId, input, id);
        await tx.execute(sql`
          UPDATE bank_cards SET holder_name = ${input.holder_name}, card_number = ${input.card_number}, card_type = ${input.card_type},
            bank_name = ${input.bank_name}, branch_name = ${input.branch_name}, branch_code = ${input.branch_code}, updated_at = now()
          WHERE id = ${id} AND user_id = ${userId}`);
      });
    },

    async deleteCard(userId: bigint, id: number): Promise<void> {
      await db.tx(async (tx) => {
        const rows = await queryRows<{ id: bigint }>(
          tx,
          sql`DELETE FROM bank_cards WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
        );
        if (!rows[0]) throw new BusinessError('card_not_found');
      });
    },

    // ---- inbox, news, images --------------------------------------------------------------------
    messages: (userId: bigint, input: { page: number; size: number; lang: I18nLang }) =>
      db.tx((tx) => listMessages(tx, userId, input), { readOnly: true }),
    message: (userId: bigint, id: number, lang: I18nLang) => db.tx((tx) => readMessage(tx, userId, id, lang)),
    newsList: (input: { page: number; size: number; lang: I18nLang }) =>
      db.tx((tx) => listNews(tx, input), { readOnly: true }),
    news: (id: number, lang: I18nLang) => db.tx((tx) => getNews(tx, id, lang), { readOnly: true }),

    async image(id: string, viewer: { userId: bigint; isAdmin: boolean }) {
      return db.tx(async (tx) => {
        const image = await readUpload(tx, id, viewer);
        if (viewer.isAdmin)
          await recordAudit(tx, { actorId: viewer.userId, action: 'image.view', target: `upload:${id}` });
        return { id, mime: image.mime, data_url: `data:${image.mime};base64,${image.data.toString('base64')}` };
      });
    },

    // ---- back office ----------------------------------------------------------------------------
    async listRealnames(input: { status: 'pending' | 'approved' | 'rejected' | 'all'; page: number }) {
      const size = 20;
      const status = { pending: 'pending', approved: 'verified', rejected: 'failed', all: null }[input.status];
      return db.tx(
        async (tx) => {
          const rows = await queryRows<{
            id: bigint;
            account: string;
            name: string;
            id_number: string;
            front_id: string;
            back_id: string;
            status: string;
            reject_reason: string | null;
            created_at: Date;
            reviewed_at: Date | null;
          }>(
            tx,
            sql`SELECT c.id, u.account, c.name, c.id_number, c.front_id, c.back_id, c.status, c.reject_reason, c.created_at, c.reviewed_at
              FROM realname_checks c JOIN users u ON u.id = c.user_id
              WHERE (${status}::text IS NULL OR c.status = ${status})
              ORDER BY c.id DESC LIMIT ${size} OFFSET ${(input.page - 1) * size}`,
          );
          const [count] = await queryRows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM realname_checks WHERE (${status}::text IS NULL OR status = ${status})`,
          );
          return {
            list: rows.map((r) => ({
              ...r,
              id: Number(r.id),
              created_at: iso(r.created_at),
              reviewed_at: iso(r.reviewed_at),
            })),
            total: count?.n ?? 0,
          };
        },
        { readOnly: true },
      );
    },

    async reviewRealname(
      actorId: bigint,
      input: { id: number; action: 'approve' | 'reject'; reason: string },
    ): Promise<void> {
      if (input.action === 'reject' && !input.reason)
        throw new BusinessError('reject_reason_required', { field: 'reason' });
      await db.tx(async (tx) => {
        const status = input.action === 'approve' ? 'verified' : 'failed';
        const rows = await queryRows<{ user_id: bigint; name: string }>(
          tx,
          sql`UPDATE realname_checks SET status = ${status}, reject_reason = ${input.action === 'reject' ? input.reason : null},
                reviewed_by = ${actorId}, reviewed_at = ${now().toISOString()}
              WHERE id = ${input.id} AND status = 'pending' RETURNING user_id, name`,
        );
        const row = rows[0];
        if (!row) {
          const exists = await queryRows<{ id: bigint }>(
            tx,
            sql`SELECT id FROM realname_checks WHERE id = ${input.id}`,
          );
          throw new BusinessError(exists[0] ? 'already_reviewed' : 'not_found');
        }
        const userId = BigInt(row.user_id);
        if (status === 'verified') {
          await tx.execute(
            sql`UPDATE users SET realname_status = 'verified', realname_name = ${row.name} WHERE id = ${userId}`,
          );
          await notify(tx, userId, { key: 'realname_verified' }, now());
        } else {
          await tx.execute(sql`UPDATE users SET realname_status = 'failed' WHERE id = ${userId}`);
          await notify(tx, userId, { key: 'realname_failed', values: { reason: input.reason } }, now());
        }
        await recordAudit(tx, {
          actorId,
          action: `realname.${input.action}`,
          target: `realname:${input.id}`,
          detail: input.reason ? { reason: input.reason } : {},
        });
      });
    },

    async setUserFlags(
      actorId: bigint,
      input: { account: string; banned?: '0' | '1'; frozen?: '0' | '1'; trade_disabled?: '0' | '1' },
    ): Promise<void> {
      await db.tx(async (tx) => {
        const [user] = await queryRows<{ id: bigint; banned: boolean; frozen: boolean; trade_disabled: boolean }>(
          tx,
          sql`SELECT id, banned, frozen, trade_disabled FROM users WHERE account = ${input.account} FOR UPDATE`,
        );
        if (!user) throw new BusinessError('account_not_found', { field: 'account' });
        const userId = BigInt(user.id);
        // An operator cannot lock themselves out (another administrator can).
        if (userId === actorId) throw new BusinessError('forbidden');
        const flag = (v: '0' | '1' | undefined, old: boolean) => (v === undefined ? old : v === '1');
        const next = {
          banned: flag(input.banned, user.banned),
          frozen: flag(input.frozen, user.frozen),
          trade_disabled: flag(input.trade_disabled, user.trade_disabled),
        };
        await tx.execute(
          sql`UPDATE users SET banned = ${next.banned}, frozen = ${next.frozen}, trade_disabled = ${next.trade_disabled} WHERE id = ${userId}`,
        );
        if (next.banned || next.frozen) await deleteUserSessions(tx, userId);
        await recordAudit(tx, {
          actorId,
          action: 'user.flags',
          target: `user:${input.account}`,
          detail: {
            before: { banned: user.banned, frozen: user.frozen, trade_disabled: user.trade_disabled },
            after: next,
          },
        });
      });
    },

    async setConfig(actorId: bigint, input: { name: string; value: string }): Promise<void> {
      await db.tx(async (tx) => {
        const before = await getConfigValue(tx, input.name);
        await setConfigValue(tx, input.name, input.value);
        await recordAudit(tx, {
          actorId,
          action: 'config.set',
          target: `config:${input.name}`,
          detail: { before: before ?? null, after: input.value },
        });
      });
    },

    async setNews(
      actorId: bigint,
      input: { id?: number; lang: I18nLang; title: string; summary: string; body: string },
    ): Promise<{ id: number }> {
      return db.tx(async (tx) => {
        const id = await setNews(tx, input);
        await recordAudit(tx, {
          actorId,
          action: input.id === undefined ? 'news.create' : 'news.edit',
          target: `news:${id}`,
          detail: { lang: input.lang, title: input.title },
        });
        return { id };
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
