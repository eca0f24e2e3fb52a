/**
 * Test helpers for the login's second step (docs/decisions/0027-second-factors-and-devices.md): TOTP codes computed
 * from the secret the server stored, so suites log administrators (and investors with TOTP) in the way a person
 * with an authenticator app would. A code is computed for a step the server has not used yet; when the ±1 window
 * has none left, a recovery code kept from the enrolment is used instead.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../db/query';
import { issueEnrolCode } from '../modules/admin/enrol-codes';
import { createSecretBox } from '../modules/second-factor/secret-box';
import type { StepUpAction } from '../modules/second-factor/step-up';
import { hashToken, newToken } from '../security/tokens';
import { base32Decode, hotp, stepAt, TOTP_WINDOW } from '../modules/second-factor/totp';
import { post, type Answer } from './users';

/** Recovery codes answered at enrolment, by account (spent one by one when no TOTP step is left). */
const recoveryCodes = new Map<string, string[]>();

/** A TOTP code of `secret` for a step after `lastStep` within the window around now, or undefined. */
export function freshTotp(secret: Buffer, lastStep: bigint): string | undefined {
  const now = stepAt(Date.now());
  for (let step = now; step <= now + BigInt(TOTP_WINDOW); step += 1n) if (step > lastStep) return hotp(secret, step);
  return undefined;
}

/** A code the server will accept now for the account's stored (confirmed or pending) TOTP factor. */
export async function codeFor(app: FastifyInstance, account: string): Promise<string> {
  const [row] = await app.db.tx((tx) =>
    queryRows<{ secret: string; last_step: string }>(
      tx,
      sql`SELECT f.secret, f.last_step FROM totp_factors f JOIN users u ON u.id = f.user_id
          WHERE u.account = ${account}`,
    ),
  );
  if (!row) throw new Error(`no TOTP factor for ${account}`);
  const code = freshTotp(createSecretBox().open(row.secret), BigInt(row.last_step));
  if (code) return code;
  const spare = recoveryCodes.get(account)?.shift();
  if (!spare) throw new Error(`no fresh TOTP step and no recovery code left for ${account}`);
  return spare;
}

/** Keeps recovery codes answered to a test, for codeFor's fallback. */
export function keepRecoveryCodes(account: string, codes: readonly string[]): void {
  recoveryCodes.set(account, [...codes]);
}

/**
 * The one-time enrolment code the CLI would print for `account` (create-admin, grant-role): issued the same way
 * (modules/admin/enrol-codes.ts), on the app's clock.
 */
export async function enrolCodeFor(app: FastifyInstance, account: string): Promise<string> {
  const issued = await issueEnrolCode(app.db, { account, now: app.config.now() });
  if (issued.kind !== 'issued') throw new Error(`no enrolment code for ${account}: ${issued.kind}`);
  return issued.code;
}

/**
 * Logs in with the password and completes the second step when one is owed: with a code of the stored secret,
 * after enrolling an authenticator first for an administrator who has none (with `enrolCode`, else a code issued
 * as the CLI does: enrolCodeFor). Answers the final /user/login-like answer (the session in `data`).
 */
export async function loginWithSecondFactor(
  app: FastifyInstance,
  form: { account: string; password: string },
  headers: Record<string, string> = {},
  enrolCode?: string,
): Promise<Answer> {
  const login = await post(app, '/user/login', form, headers);
  if (login.body.status !== 1 || !login.body.data?.second_factor) return login;
  const challenge = login.body.data.challenge as string;
  if (login.body.data.second_factor === 'enrol') {
    const enrol_code = enrolCode ?? (await enrolCodeFor(app, form.account));
    const enrolment = await post(app, '/user/loginEnrolTotp', { challenge, enrol_code }, headers);
    if (enrolment.body.status !== 1) return enrolment;
    const code = freshTotp(base32Decode(enrolment.body.data.secret as string), -1n)!;
    const done = await post(app, '/user/loginSecondFactor', { challenge, code }, headers);
    if (done.body.status === 1) keepRecoveryCodes(form.account, done.body.data.recovery_codes as string[]);
    return done;
  }
  return post(app, '/user/loginSecondFactor', { challenge, code: await codeFor(app, form.account) }, headers);
}

/**
 * A step-up grant for the session of `headers` (a shortcut for suites not about the step-up, like registerAdmin's
 * second factor: step-up.test.ts proves the real path). Factors: password and an e-mail code, so a passkey it
 * registers does not count for the back office unless the session itself proved a second factor.
 */
export async function grantStepUp(
  app: FastifyInstance,
  headers: Record<string, string>,
  action: StepUpAction,
  factors = 'password,email_code',
): Promise<string> {
  const grant = newToken();
  await app.db.tx((tx) =>
    tx.execute(sql`
      INSERT INTO step_up_grants (token_hash, session_token_hash, action, factors, expires_at)
      VALUES (${hashToken(grant)}, ${hashToken(String(headers.token))}, ${action}, ${factors},
              now() + interval '5 minutes')`),
  );
  return grant;
}

/** The step-up action each gated path needs (modules/second-factor/step-up.ts). */
export const STEP_UP_PATHS: Record<string, StepUpAction> = {
  '/user/totpEnrol': 'totp_enable',
  '/user/totpConfirm': 'totp_enable',
  '/user/totpDisable': 'totp_disable',
  '/user/recoveryCodes': 'recovery_codes',
  '/user/passkeyRegisterOptions': 'passkey_add',
  '/user/passkeyRegister': 'passkey_add',
  '/user/passkeyDelete': 'passkey_remove',
  '/user/passkeyConfirm': 'passkey_confirm',
  '/user/bankAdd': 'bank_card',
  '/user/bankEdit': 'bank_card',
  '/user/bankDelete': 'bank_card',
};

/** POSTs a gated call with a grantStepUp shortcut for its action (the session's own factors are kept). */
export async function postStepped(
  app: FastifyInstance,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<Answer> {
  const action = STEP_UP_PATHS[path];
  if (!action) throw new Error(`${path} takes no step-up`);
  return post(app, path, { ...form, step_up: await grantStepUp(app, headers, action) }, headers);
}
