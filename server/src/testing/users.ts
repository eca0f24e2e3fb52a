/**
 * Request helpers for API suites: post a form like the browser does, and register + log in a
 * fresh user (each test gets its own account, so tests never depend on each other's state).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface Answer {
  statusCode: number;
  // Suites read answers structurally and check them with the contract schemas or expect().
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { status: 0 | 1; msg: string; data?: any; field?: string; values?: Record<string, string> };
  headers: Record<string, unknown>;
}

/** POSTs a form-encoded body to /api/vue<path>, as the shell's axios layer does. */
export async function post(
  app: FastifyInstance,
  path: string,
  form: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/vue${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
  return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
}

let sequence = 0;

/** A ten-digit account no other test uses. */
export function uniqueAccount(): string {
  sequence += 1;
  return `09${String(randomInt(0, 10_000)).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
}

export const PASSWORD = 'correct horse 7';

export function registration(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    account: uniqueAccount(),
    email: 'investor@example.com',
    password: PASSWORD,
    password2: PASSWORD,
    invite_code: '',
    agree: '1',
    ...overrides,
  };
}

export interface LoggedIn {
  account: string;
  token: string;
  /** The headers every authenticated call carries. */
  headers: { token: string; account: string };
}

export async function registerAndLogin(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
): Promise<LoggedIn> {
  const form = registration(overrides);
  const registered = await post(app, '/user/register', form);
  if (registered.body.status !== 1) throw new Error(`register failed: ${registered.body.msg}`);
  const login = await post(app, '/user/login', { account: form.account!, password: form.password! });
  if (login.body.status !== 1) throw new Error(`login failed: ${login.body.msg}`);
  const { token, account } = login.body.data as { token: string; account: string };
  return { account, token, headers: { token, account } };
}
