/**
 * Account fixtures for API suites: administrators, verified identities, bank cards, tiny real
 * images, and multipart posts. Shortcuts write the database directly only where the suite is not
 * about that rule (e.g. a money suite needs a verified user, not the identity review).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminRole } from 'shared/contract';
import { grantRole } from '../modules/admin/admin-bootstrap';
import { grantStepUp } from './second-factor';
import { post, registerAndLogin, type Answer, type LoggedIn } from './users';

/** A 1×1 JPEG, PNG and WebP (real files), and impostors with image names. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8Q' +
    'EBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const TINY_WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
export const FAKE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const FAKE_TEXT = Buffer.from('this is not an image, whatever its name says\n');

export interface FilePart {
  data: Buffer;
  filename: string;
  contentType?: string;
}

/** POSTs multipart/form-data (text fields and file parts) to /api/vue<path>, as the upload screens do. */
export async function postMultipart(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string>,
  files: Record<string, FilePart>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const boundary = `----kabu${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await app.inject({
    method: 'POST',
    url: `/api/vue${path}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    payload: Buffer.concat(chunks),
  });
  return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * A fresh user holding the back-office `role` (default 'admin') in admin_roles, granted as the CLI
 * `grant-role` does (the session reads the roles on every request).
 */
export async function registerAdmin(app: FastifyInstance, role: AdminRole = 'admin'): Promise<LoggedIn> {
  const admin = await registerAndLogin(app);
  const outcome = await grantRole(app.db, { account: admin.account, role });
  if (outcome !== 'granted') throw new Error(`grant ${role} failed: ${outcome}`);
  // A shortcut for suites not about sign-in: the session counts as opened with the second factor, which /admin/
  // calls need (second-factor.test.ts signs administrators in with TOTP for real).
  await app.db.tx((tx) =>
    tx.execute(
      sql`UPDATE sessions SET second_factor = true, factors = 'password,totp'
          WHERE user_id = (SELECT id FROM users WHERE account = ${admin.account})`,
    ),
  );
  return admin;
}

/** Two different administrators: catalogue changes need both (four-eyes, always; docs/decisions/0026). */
export interface AdminPair {
  /** Submits the change (its call answers four_eyes_waiting). */
  submitter: LoggedIn;
  /** Approves it (/admin/approve); the change then runs, as this administrator. */
  approver: LoggedIn;
}

export async function registerAdminPair(app: FastifyInstance, role: AdminRole = 'admin'): Promise<AdminPair> {
  return { submitter: await registerAdmin(app, role), approver: await registerAdmin(app, role) };
}

/**
 * A four-eyes change as one call: the submitter POSTs it (it must answer four_eyes_waiting), the approver approves
 * the request, and the answer is the change's own outcome (`{status: 1, msg, data}` as the endpoint answers it
 * directly). A refusal of either step (validation, 403, a rule refusing the change at approval) is answered as is.
 */
export async function postApproved(
  app: FastifyInstance,
  admins: AdminPair,
  path: string,
  form: Record<string, string>,
): Promise<Answer> {
  const submitted = await post(app, path, form, admins.submitter.headers);
  if (submitted.body.status !== 1) return submitted;
  if (submitted.body.msg !== 'four_eyes_waiting')
    throw new Error(`${path} ran without a second administrator: ${JSON.stringify(submitted.body)}`);
  const id = String(submitted.body.data.four_eyes_id);
  const approved = await post(app, '/admin/approve', { id, action: 'approve' }, admins.approver.headers);
  if (approved.body.status !== 1) return approved;
  const outcome = approved.body.data.outcome as { msg: string; data: unknown };
  return { ...approved, body: { status: 1, msg: outcome.msg, data: outcome.data } };
}

export const VERIFIED_NAME = '山田 太郎';

/** Marks the user's identity verified under `name` (a shortcut for suites not about the review). */
export async function markVerified(app: FastifyInstance, user: LoggedIn, name = VERIFIED_NAME): Promise<void> {
  await app.db.tx((tx) =>
    tx.execute(
      sql`UPDATE users SET realname_status = 'verified', realname_name = ${name} WHERE account = ${user.account}`,
    ),
  );
}

let cardSequence = 0;

/** A valid card form in the verified name, with a number no other card of this process uses. */
export function cardForm(overrides: Record<string, string> = {}): Record<string, string> {
  cardSequence += 1;
  return {
    holder_name: VERIFIED_NAME,
    card_number: `12${String(process.pid % 100000).padStart(5, '0')}${String(cardSequence).padStart(4, '0')}`,
    card_type: 'ordinary',
    bank_name: 'みずほ銀行',
    branch_name: '本店',
    branch_code: '001',
    ...overrides,
  };
}

/**
 * A card change (/user/bankAdd, bankEdit, bankDelete) with a step-up grant for the session (grantStepUp, a
 * shortcut: step-up.test.ts proves the real step-up and that a change without one is refused).
 */
export async function postCard(
  app: FastifyInstance,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<Answer> {
  return post(app, path, { ...form, step_up: await grantStepUp(app, headers, 'bank_card') }, headers);
}

/** Binds a card through the API (the user must be verified under the card's holder name); answers its id. */
export async function addCard(
  app: FastifyInstance,
  user: LoggedIn,
  overrides: Record<string, string> = {},
): Promise<number> {
  const answer = await postCard(app, '/user/bankAdd', cardForm(overrides), user.headers);
  if (answer.body.status !== 1) throw new Error(`bankAdd failed: ${answer.body.msg}`);
  return answer.body.data.id as number;
}

/** A fresh user with verified identity and one bound card: ready to deposit and withdraw. */
export async function registerMoneyReadyUser(app: FastifyInstance): Promise<LoggedIn & { cardId: number }> {
  const user = await registerAndLogin(app);
  await markVerified(app, user);
  const cardId = await addCard(app, user);
  return { ...user, cardId };
}
