/**
 * TOTP second factor with recovery codes (docs/decisions/0027-second-factors-and-devices.md): enrol, confirm,
 * and, after a step-up proved a code (step-up.ts), remove the factor or replace the recovery codes; and the code
 * check the login challenge uses. A code is a six-digit TOTP
 * (RFC 6238, ±1 step, each step used once) or a recovery code (single use, stored hashed). Code attempts are
 * limited per user across every call that takes one (10 per 15 minutes): `checkCode` and `confirmPending` claim the
 * try in the database (secret_tries, a locked row: concurrent checks of one user serialise on it) before looking at
 * the code, so the budget holds across instances and bursts; `takeAttempt` is the same rule on the app's rate-limit
 * store (in memory, or Redis shared by every instance), refusing a burst before it reaches the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MessageKey } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { MemoryRateStore, RateLimiter, type RateRule, type RateStore } from '../../security/rate-limit';
import { claimTry } from '../passwords/secret-tries';
import { createSecretBox, type SecretBox } from './secret-box';
import {
  confirmTotp,
  countRecoveryCodesLeft,
  deleteTotp,
  readTotp,
  replaceRecoveryCodes,
  upsertPendingTotp,
  spendRecoveryCode,
  spendTotpStep,
} from './second-factor-repository';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';

export const RECOVERY_CODE_COUNT = 10;
/** Code attempts per user (TOTP or recovery code, signed in or at login). */
export const DEFAULT_CODE_RATE: RateRule = { max: 10, windowMs: 15 * 60_000 };

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code: 12 characters of a 32-letter alphabet (60 bits), shown as XXXX-XXXX-XXXX. */
function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(12), (byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Recovery codes are full-entropy: sha256 bound to the user is enough (no slow hash per attempt). */
export function recoveryCodeHash(userId: bigint, code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHash('sha256').update(`${userId}:${normal}`).digest('hex');
}

export type CodeCheck = { ok: true; recovery: boolean } | { ok: false; key: MessageKey };

/** What the code checks read: the secrets' box, the wall clock (TOTP follows the phone), the try budget. */
interface CodeContext {
  box: SecretBox;
  clock: () => number;
  codeRate: RateRule;
}

/**
 * Claims one code try of the user's budget in the database before a code is looked at; false when spent. In the
 * caller's transaction, which must commit a miss (return the CodeCheck, throw after the commit), as it must to
 * keep a used code used; the row stays locked until then, so concurrent checks of the user take turns.
 */
async function claimCodeTry(ctx: CodeContext, tx: Tx, userId: bigint): Promise<boolean> {
  return (await claimTry(tx, userId, 'second_factor_code', ctx.codeRate, ctx.clock())).claimed;
}

async function newRecoveryCodes(tx: Tx, userId: bigint): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => recoveryCodeHash(userId, code)),
  );
  return codes;
}

/**
 * Checks (and uses up) a code of a confirmed factor inside the caller's transaction; never throws for a miss.
 * Claims the user's code try first (too_frequent when spent): the caller commits before throwing a miss.
 */
async function checkCode(ctx: CodeContext, tx: Tx, userId: bigint, code: string): Promise<CodeCheck> {
  if (!(await claimCodeTry(ctx, tx, userId))) return { ok: false, key: 'too_frequent' };
  const factor = await readTotp(tx, userId);
  if (!factor?.confirmed) return { ok: false, key: 'totp_not_enabled' };
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(ctx.box.open(factor.secret), code, ctx.clock());
    if (step === undefined) return { ok: false, key: 'second_factor_code_wrong' };
    if (!(await spendTotpStep(tx, userId, step))) return { ok: false, key: 'second_factor_code_reused' };
    return { ok: true, recovery: false };
  }
  if (!(await spendRecoveryCode(tx, userId, recoveryCodeHash(userId, code))))
    return { ok: false, key: 'second_factor_code_wrong' };
  return { ok: true, recovery: true };
}

/** Confirms a pending enrolment with a code of its secret; answers the first recovery codes. */
async function confirmPending(
  ctx: CodeContext,
  tx: Tx,
  userId: bigint,
  code: string,
): Promise<CodeCheck & { codes?: string[] }> {
  if (!(await claimCodeTry(ctx, tx, userId))) return { ok: false, key: 'too_frequent' };
  const factor = await readTotp(tx, userId);
  if (!factor) return { ok: false, key: 'totp_enrol_first' };
  if (factor.confirmed) return { ok: false, key: 'totp_already_enabled' };
  if (!/^\d{6}$/.test(code)) return { ok: false, key: 'second_factor_code_wrong' };
  const step = matchTotp(ctx.box.open(factor.secret), code, ctx.clock());
  if (step === undefined || !(await confirmTotp(tx, userId, step)))
    return { ok: false, key: 'second_factor_code_wrong' };
  return { ok: true, recovery: false, codes: await newRecoveryCodes(tx, userId) };
}

/** A step-up already proved a code: the factor must still be confirmed. */
async function requireConfirmed(db: Database, userId: bigint): Promise<void> {
  if (!(await db.tx((tx) => readTotp(tx, userId)))?.confirmed) throw new BusinessError('totp_not_enabled');
}

async function statusOf(db: Database, userId: bigint): Promise<{ totp_enabled: boolean; recovery_codes_left: number }> {
  return db.tx(async (tx) => ({
    totp_enabled: (await readTotp(tx, userId))?.confirmed ?? false,
    recovery_codes_left: await countRecoveryCodesLeft(tx, userId),
  }));
}

/** A new pending secret, sealed in the database and answered once as base32 and as an otpauth:// URI. */
async function startEnrolment(db: Database, box: SecretBox, issuer: string, userId: bigint, account: string) {
  const secret = newTotpSecret();
  const started = await db.tx((tx) => upsertPendingTotp(tx, userId, box.seal(secret)));
  if (!started) throw new BusinessError('totp_already_enabled');
  const text = base32Encode(secret);
  return { secret: text, uri: otpauthUri(text, issuer, account) };
}

export function createSecondFactorService(deps: {
  db: Database;
  box?: SecretBox;
  /** Wall-clock milliseconds: TOTP codes follow the phone's clock, not the app's test clock. */
  clock?: () => number;
  issuer?: string;
  codeRate?: RateRule;
  /** The app's rate-limit store (shared across instances with REDIS_URL). */
  rateStore?: RateStore;
}) {
  const { db } = deps;
  const issuer = deps.issuer ?? 'Kabu';
  const ctx: CodeContext = {
    box: deps.box ?? createSecretBox(),
    clock: deps.clock ?? Date.now,
    codeRate: deps.codeRate ?? DEFAULT_CODE_RATE,
  };
  const { box } = ctx;
  const codeLimiter = new RateLimiter(deps.rateStore ?? new MemoryRateStore(), 'second-factor-code', ctx.codeRate);

  /** Refuses with too_frequent once the user has spent their code attempts (the pre-gate, on the rate store). */
  async function takeAttempt(userId: bigint): Promise<void> {
    if (!(await codeLimiter.take(String(userId)))) throw new BusinessError('too_frequent');
  }

  return {
    takeAttempt,
    /**
     * Checks (and uses up) a code of a confirmed factor inside the caller's transaction; never throws for a miss.
     * Claims the user's code try first (too_frequent when spent): the caller commits before throwing a miss.
     */
    checkCode: (tx: Tx, userId: bigint, code: string) => checkCode(ctx, tx, userId, code),
    /** Confirms a pending enrolment with a code of its secret; answers the first recovery codes. */
    confirmPending: (tx: Tx, userId: bigint, code: string) => confirmPending(ctx, tx, userId, code),

    /** Whether the user has a confirmed TOTP factor (then every password login owes it). */
    isEnabled: async (tx: Tx, userId: bigint): Promise<boolean> => (await readTotp(tx, userId))?.confirmed ?? false,

    /** Whether TOTP is on and how many recovery codes are left (the security page). */
    status: (userId: bigint) => statusOf(db, userId),

    /** Starts enrolment: a new secret, answered once as base32 and as an otpauth:// URI for a QR code. */
    enrol: (userId: bigint, account: string) => startEnrolment(db, box, issuer, userId, account),

    /** Proves the new authenticator with one of its codes; answers the recovery codes (shown once). */
    async confirm(userId: bigint, code: string): Promise<{ recovery_codes: string[] }> {
      await takeAttempt(userId);
      const result = await db.tx((tx) => confirmPending(ctx, tx, userId, code));
      if (!result.ok) throw new BusinessError(result.key, { field: 'code' });
      return { recovery_codes: result.codes! };
    },

    /** Removes the factor after a step-up proved a code (modules/second-factor/step-up.ts: no second code). */
    async remove(userId: bigint): Promise<void> {
      await requireConfirmed(db, userId);
      await db.tx((tx) => deleteTotp(tx, userId));
    },

    /** New recovery codes after a step-up proved a code; needs a confirmed factor. */
    async replaceRecoveryCodes(userId: bigint): Promise<{ recovery_codes: string[] }> {
      await requireConfirmed(db, userId);
      return { recovery_codes: await db.tx((tx) => newRecoveryCodes(tx, userId)) };
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
