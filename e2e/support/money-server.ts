/**
 * A server of its own for the accounts-and-money journeys: the built server/dist/main.js on a free
 * port with a fresh temp data directory (a copy of the run's migrated one, support/data-template.ts), a first
 * administrator from the environment and a clock that starts on a Tokyo business-day morning (withdrawals are
 * accepted 09:00–15:30 JST on business days).
 * The back-office steps call the API as that administrator. Its mail goes to an in-process mailbox (`mailbox`):
 * the step-up codes of card and factor changes (issue 33) and the password-reset codes are read there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from './app';
import { seedDataDir } from './data-template';
import { startMailbox, type Mailbox } from './mailbox';
import { completeEnrolment } from './second-factor';
import { ARTIFACTS_DIR, REPO_ROOT } from './env';
import { freePort, sleep, stopProcess, waitForHttp } from './servers';

/** Tuesday 24 November 2026, 10:00 JST: a business day (23 November is a holiday), withdrawals open. */
export const MONEY_CLOCK_START = '2026-11-24T01:00:00Z';
export const ADMIN_ACCOUNT = '0900000001';
export const ADMIN_PASSWORD = 'Admin-e2e-money-1';
/** The second administrator of `approver: true`: approves the first one's catalogue changes (four-eyes). */
export const APPROVER = { account: '0900000009', password: 'Admin-e2e-approver-9' };

/** What the journeys serve: every build output the composed app needs. */
const BUILD_MARKERS = [
  'server/dist/main.js',
  'shell/dist/index.html',
  ...['mf-account', 'mf-funds', 'mf-trade', 'mf-ipo', 'mf-copytrade'].map((r) => `${r}/dist/mf-manifest.json`),
];

export interface MoneyServer {
  baseUrl: string;
  log: string;
  /** Where the server's mail lands (SMTP_URL): the option's mailbox, else one of its own. */
  mailbox: Mailbox;
  /** The base32 secret of the authenticator the administrator enrolled at the first login (TOTP codes). */
  adminSecret: string;
  /** POSTs to /api/vue<path> as the administrator; throws unless status is 1 (or if it waits for four-eyes). */
  admin(path: string, body: Record<string, string>): Promise<unknown>;
  /**
   * A catalogue change (always four-eyes, docs/decisions/0026): the administrator submits it, the second one
   * (APPROVER, started with `approver: true`) approves it; answers the change's own data. Throws on a refusal.
   */
  adminApproved(path: string, body: Record<string, string>): Promise<unknown>;
  /**
   * A review: answers its data when it runs at once; when it waits for a second administrator (a deposit or
   * withdrawal above the four-eyes amount or over the administrator's daily total, docs/decisions/0026), APPROVER
   * approves it (start the server with `approver: true`) and the answer is the review's own data.
   */
  adminReviewed(path: string, body: Record<string, string>): Promise<unknown>;
  /**
   * The one-time enrolment code the CLI printed for each administrator it created (`admins`), by account: its
   * first sign-in types it before enrolling an authenticator (docs/decisions/0027, "The enrolment code").
   */
  enrolCodes: Record<string, string>;
  stop(): Promise<void>;
}

export interface MoneyServerOptions {
  /** TEST_CLOCK_START (default MONEY_CLOCK_START, a Tokyo business-day morning). */
  clockStart?: string;
  /** Name of the server log under e2e/artifacts (default server-accounts-money.log). */
  logName?: string;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** The mailbox the server mails to (default: one started for it, closed when it stops). */
  mailbox?: Mailbox;
  /** How long to wait for /api/health (default 90 s; a loaded machine may need more). */
  startTimeoutMs?: number;
  /**
   * More administrators, created before the start with the CLI (`cli.js create-admin`) in the same data, as the
   * seeded one (ADMIN_ACCOUNT) is: their printed enrolment codes are in `enrolCodes`.
   */
  admins?: Array<{
    account: string;
    password: string;
    /**
     * Its one back-office role (default admin): another is granted with `cli.js grant-role` and admin revoked with
     * `revoke-role`, so a reviewer is only a reviewer (no role decides about an equal or higher one's account).
     */
    role?: 'reviewer' | 'operator' | 'auditor' | 'admin';
  }>;
  /** Also create APPROVER (CLI) and log it in, for `adminApproved` (catalogue changes need two). */
  approver?: boolean;
}

export async function startMoneyServer(options: MoneyServerOptions = {}): Promise<MoneyServer> {
  const missing = BUILD_MARKERS.filter((m) => !existsSync(path.join(REPO_ROOT, m)));
  if (missing.length) {
    throw new Error(`accounts-money e2e: build output missing (${missing.join(', ')}). Run \`npm run build\` first.`);
  }
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-e2e-money-'));
  const dataDir = path.join(tmpDir, 'data');
  mkdirSync(dataDir);
  seedDataDir(dataDir);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = path.join(ARTIFACTS_DIR, options.logName ?? 'server-accounts-money.log');
  const port = await freePort();
  const ownMailbox = options.mailbox ? undefined : await startMailbox();
  const mailbox = options.mailbox ?? ownMailbox!;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: REPO_ROOT,
    TEST_CLOCK_START: options.clockStart ?? MONEY_CLOCK_START,
    ...options.env,
    SMTP_URL: mailbox.url,
  };
  delete env.DATABASE_URL;
  delete env.REMOTES_JSON;
  delete env.UPLOADS_DIR;
  // Every administrator is made with the CLI, which prints its one-time enrolment code (the ADMIN_ACCOUNT start-up
  // bootstrap prints none: a secret is never logged).
  const enrolCodes: Record<string, string> = {};
  const admins = [
    { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD },
    ...(options.admins ?? []),
    ...(options.approver ? [APPROVER] : []),
  ];
  const runCli = (args: string[]) => {
    const cli = spawnSync(process.execPath, [path.join(REPO_ROOT, 'server/dist/cli.js'), ...args], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
    });
    if (cli.status !== 0) throw new Error(`cli.js ${args.join(' ')}: ${cli.stdout}${cli.stderr}`);
    return cli.stdout;
  };
  for (const extra of admins) {
    let printed = runCli(['create-admin', extra.account, extra.password]);
    if (extra.role && extra.role !== 'admin') {
      // The grant prints a new enrolment code (the create-admin one stops working); the revoke prints none.
      printed = runCli(['grant-role', extra.account, extra.role]);
      runCli(['revoke-role', extra.account, 'admin']);
    }
    const code = /^one-time enrolment code for \d+ \(.*\): ([A-Z2-7]{10})$/m.exec(printed)?.[1];
    if (!code) throw new Error(`cli.js for ${extra.account} printed no enrolment code: ${printed}`);
    enrolCodes[extra.account] = code;
  }
  const server: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(log);
  server.stdout?.pipe(out);
  server.stderr?.pipe(out);
  let exited: string | undefined;
  server.on('exit', (code, signal) => {
    exited = `exit code ${code ?? ''} ${signal ?? ''}`.trim();
  });

  const stop = async () => {
    await stopProcess(server);
    await ownMailbox?.close();
    // PGlite may still be closing its files for a moment after the exit.
    for (let i = 0; i < 5; i += 1) {
      try {
        rmSync(tmpDir, { recursive: true, force: true });
        break;
      } catch {
        await sleep(200);
      }
    }
  };

  try {
    await waitForHttp(`${baseUrl}/api/health`, options.startTimeoutMs ?? 90_000, () => exited);
  } catch (error) {
    await stop();
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : '';
    throw new Error(
      `accounts-money e2e: the server did not start: ${(error as Error).message}\n--- ${log} (tail)\n${tail}`,
    );
  }

  // A fresh server's administrator enrols an authenticator at the first login (docs/decisions/0027).
  const login = await completeEnrolment(
    baseUrl,
    await api(baseUrl, '/user/login', { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD }),
    enrolCodes[ADMIN_ACCOUNT]!,
  );
  const data = login.data as { token?: string } | undefined;
  if (login.status !== 1 || !data?.token) {
    await stop();
    throw new Error(
      `accounts-money e2e: the administrator cannot log in (ADMIN_ACCOUNT bootstrap): ` +
        `HTTP ${login.http} ${JSON.stringify(login)}`,
    );
  }
  const session = { token: data.token, account: ADMIN_ACCOUNT };
  const approver = options.approver ? await logInApprover(baseUrl, enrolCodes[APPROVER.account]!, stop) : undefined;
  const post = async (apiPath: string, body: Record<string, string>, as = session) => {
    const answer = await api(baseUrl, apiPath, body, as);
    if (answer.status !== 1)
      throw new Error(`admin POST ${apiPath} ${JSON.stringify(body)}: HTTP ${answer.http} ${JSON.stringify(answer)}`);
    return answer;
  };

  return {
    baseUrl,
    log,
    mailbox,
    adminSecret: login.secret ?? '',
    enrolCodes,
    async admin(apiPath, body) {
      const answer = await post(apiPath, body);
      if (answer.msg === 'four_eyes_waiting')
        throw new Error(`admin POST ${apiPath} waits for a second administrator: use adminApproved`);
      return answer.data;
    },
    async adminApproved(apiPath, body) {
      if (!approver) throw new Error(`adminApproved ${apiPath}: start the server with approver: true`);
      const submitted = await post(apiPath, body);
      const id = (submitted.data as { four_eyes_id?: number } | undefined)?.four_eyes_id;
      if (submitted.msg !== 'four_eyes_waiting' || id === undefined)
        throw new Error(`admin POST ${apiPath} ran without a second administrator: ${JSON.stringify(submitted)}`);
      const approved = await post('/admin/approve', { id: String(id), action: 'approve' }, approver);
      return (approved.data as { outcome: { data: unknown } }).outcome.data;
    },
    async adminReviewed(apiPath, body) {
      const answer = await post(apiPath, body);
      if (answer.msg !== 'four_eyes_waiting') return answer.data;
      const id = (answer.data as { four_eyes_id?: number } | undefined)?.four_eyes_id;
      if (!approver || id === undefined)
        throw new Error(`admin POST ${apiPath} waits for a second administrator: start the server with approver: true`);
      const approved = await post('/admin/approve', { id: String(id), action: 'approve' }, approver);
      return (approved.data as { outcome: { data: unknown } }).outcome.data;
    },
    stop,
  };
}

/** APPROVER's first login (it enrols an authenticator, as every fresh administrator does): its session. */
async function logInApprover(baseUrl: string, enrolCode: string, stop: () => Promise<void>) {
  const login = await completeEnrolment(
    baseUrl,
    await api(baseUrl, '/user/login', { account: APPROVER.account, password: APPROVER.password }),
    enrolCode,
  );
  const token = (login.data as { token?: string } | undefined)?.token;
  if (login.status !== 1 || !token) {
    await stop();
    throw new Error(`accounts-money e2e: the approver cannot log in: HTTP ${login.http} ${JSON.stringify(login)}`);
  }
  return { token, account: APPROVER.account };
}

type Reviewable = 'realname' | 'deposit' | 'loan' | 'withdrawal';
const LISTS: Record<Reviewable, [list: string, review: string]> = {
  realname: ['/admin/realnames', '/admin/realnameReview'],
  deposit: ['/admin/deposits', '/admin/depositReview'],
  loan: ['/admin/loans', '/admin/loanReview'],
  withdrawal: ['/admin/withdrawals', '/admin/withdrawalReview'],
};

/**
 * The back office approves the one pending item of `kind` that `account` submitted (found in the
 * pending list by account) and answers it as listed.
 */
export async function approvePending(
  server: MoneyServer,
  kind: Reviewable,
  account: string,
): Promise<Record<string, unknown>> {
  const [list, review] = LISTS[kind];
  const data = (await server.admin(list, { status: 'pending' })) as { list: Array<Record<string, unknown>> };
  const mine = data.list.filter((row) => row.account === account);
  if (mine.length !== 1)
    throw new Error(
      `${list}: expected one pending ${kind} of ${account}, found ${mine.length}: ${JSON.stringify(data.list)}`,
    );
  const item = mine[0]!;
  // A deposit or withdrawal above the four-eyes amount (or the administrator's daily total) waits for APPROVER.
  await server.adminReviewed(review, { id: String(item.id), action: 'approve' });
  return item;
}
