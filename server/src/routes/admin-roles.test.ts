import '../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ADMIN_PERMISSIONS, ADMIN_ROLES, ENDPOINTS, type AdminRole, type EndpointDef } from 'shared/contract';
import { runCli } from '../cli';
import { openDatabase } from '../db/database';
import { queryRows } from '../db/query';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { registerAdmin } from '../testing/accounts';
import { OPEN_TIME } from '../testing/money';
import { PASSWORD, post, registerAndLogin, type LoggedIn } from '../testing/users';

const DAY = 86_400_000;
const at = (ms: number) => new Date(OPEN_TIME.getTime() + ms).toISOString();
const FUTURE_ISSUE = {
  market: 'jpy',
  code: '9199',
  name_zh: '测试科技',
  name_en: 'Test Technologies',
  name_ja: 'テストテクノロジーズ',
  price: '1000',
  lot_size: '100',
  subscription_cap: '500',
  issue_size: '300',
  underwriter: 'Nomura Securities',
  opens_at: at(DAY),
  closes_at: at(2 * DAY),
  draw_at: at(2 * DAY + 3_600_000),
  pay_deadline: at(3 * DAY),
  listing_at: at(7 * DAY),
  distribution_at: at(8 * DAY),
};

/**
 * A body each admin endpoint's schema accepts, so a refusal can only come from authorisation (the
 * suite checks each parses). An endpoint whose schema accepts `{}` needs no entry.
 */
const BODIES: Record<string, Record<string, string>> = {
  adminDepositReview: { id: '999999', action: 'reject', reason: 'role suite' },
  adminWithdrawalReview: { id: '999999', action: 'reject', reason: 'role suite' },
  adminRealnameReview: { id: '999999', action: 'reject', reason: 'role suite' },
  adminLoanReview: { id: '999999', action: 'reject', reason: 'role suite' },
  adminBlockReview: { id: '999999', action: 'reject', reason: 'role suite' },
  adminDayTradeReview: { id: '999999', action: 'reject', reason: 'role suite' },
  adminUserFlags: { account: '0999999999', trade_disabled: '0', reason: 'role suite' },
  adminUserDetail: { account: '0999999999' },
  adminConfig: { name: 'role_suite_note', value: 'x' },
  adminRate: { from: 'USD', to: 'JPY', rate: '150', spread: '0.01' },
  adminNews: { lang: 'en', title: 'Role suite', body: 'A note.' },
  adminCorrection: { account: '0999999999', currency: 'JPY', amount: '1', reason: 'role suite' },
  adminImage: { id: 'A'.repeat(22) },
  adminNewShareCreate: FUTURE_ISSUE,
  adminNewShareEdit: { ...FUTURE_ISSUE, id: '999999' },
  adminNewShareWithdraw: { id: '999999', reason: 'role suite' },
  adminNewShareDraw: { id: '999999' },
  adminCopyProductCreate: {
    market: 'jpy',
    name_zh: '测试组合',
    name_en: 'Test Portfolio',
    name_ja: 'テスト・ポートフォリオ',
    issuer_zh: '测试资管',
    issuer_en: 'Test Asset Management',
    issuer_ja: 'テスト・アセット',
    strategy_zh: '丰田与索尼各半。',
    strategy_en: 'Toyota and Sony, half each.',
    strategy_ja: 'トヨタとソニーに半分ずつ。',
    holdings: '7203:0.5,6758:0.5',
    lockup_days: '7',
    min_investment: '100000',
    capacity: '300000',
    deadline: at(3 * DAY),
  },
  adminCopyProductOffShelf: { id: '999999' },
  adminBlockCreate: {
    code: '7203',
    market: 'jpy',
    block_price: '2500',
    min_lots: '10',
    total_lots: '100',
    deadline: at(2 * DAY),
    channel_password: 'role-suite',
  },
  adminBlockClose: { id: '999999' },
  adminApprove: { id: '999999', action: 'reject' },
};

const ADMIN_CALLS = Object.entries(ENDPOINTS as Record<string, EndpointDef>)
  .filter(([, endpoint]) => endpoint.path.startsWith('/admin/'))
  .map(([name, endpoint]) => ({ name, path: endpoint.path, endpoint, body: BODIES[name] ?? {} }));
const allowedRoles = (name: string): readonly AdminRole[] =>
  (ADMIN_PERMISSIONS as Record<string, readonly AdminRole[]>)[name] ?? [];
const LACKING = ADMIN_CALLS.flatMap((call) => {
  const role = ADMIN_ROLES.find((r) => !allowedRoles(call.name).includes(r));
  return role ? [{ ...call, role }] : [];
});
const HAVING = ADMIN_CALLS.flatMap((call) => allowedRoles(call.name).map((role) => ({ ...call, role })));

describe('the admin endpoints of ENDPOINTS', () => {
  it.each(ADMIN_CALLS)(
    '$name: the suite body passes its schema, and the table names it',
    ({ name, endpoint, body }) => {
      expect(endpoint.request.safeParse(body).success).toBe(true);
      expect(allowedRoles(name).length).toBeGreaterThan(0);
    },
  );
});

describe.each(testBackends())('back-office roles on $name', (backend) => {
  let t: TestApp;
  let user: LoggedIn;
  const staff = {} as Record<AdminRole, LoggedIn>;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME, jobIntervalMs: 0 });
    user = await registerAndLogin(t.app);
    for (const role of ADMIN_ROLES) staff[role] = await registerAdmin(t.app, role);
  });
  afterAll(() => t.close());

  const forbidden = { status: 0, msg: 'forbidden' };

  describe.each(ADMIN_CALLS)('$path', ({ path, body }) => {
    it('refuses anonymous callers (401), and ordinary sessions with or without is-admin: 1 (403)', async () => {
      expect((await post(t.app, path, body)).statusCode).toBe(401);
      for (const headers of [user.headers, { ...user.headers, 'is-admin': '1' }]) {
        const answer = await post(t.app, path, body, headers);
        expect([answer.statusCode, answer.body]).toEqual([403, forbidden]);
        // Authorisation runs before validation: a malformed body is refused the same way.
        const garbage = await post(t.app, path, { id: 'x', page: '-1' }, headers);
        expect([garbage.statusCode, garbage.body]).toEqual([403, forbidden]);
      }
    });
  });

  describe.each(LACKING)('$path as $role', ({ path, body, role }) => {
    it('refuses an administrator whose role the table does not allow, with or without is-admin: 1', async () => {
      for (const headers of [staff[role].headers, { ...staff[role].headers, 'is-admin': '1' }]) {
        const answer = await post(t.app, path, body, headers);
        expect([answer.statusCode, answer.body]).toEqual([403, forbidden]);
      }
    });
  });

  describe.each(HAVING)('$path as $role', ({ path, body, role }) => {
    it('lets a role the table allows through to the handler', async () => {
      const answer = await post(t.app, path, body, staff[role].headers);
      expect(answer.statusCode).toBe(200);
      expect(answer.body.msg).not.toBe('forbidden');
    });
  });

  it('answers /admin/me with the account, its roles and exactly the endpoints those roles may call', async () => {
    for (const role of ADMIN_ROLES) {
      const answer = await post(t.app, '/admin/me', {}, staff[role].headers);
      expect(ENDPOINTS.adminMe.data.parse(answer.body.data)).toEqual({
        account: staff[role].account,
        roles: [role],
        allowed: Object.keys(ADMIN_PERMISSIONS).filter((name) => allowedRoles(name).includes(role)),
      });
    }
  });

  it('answers the stored roles as admin_roles in getUserinfo (empty for an investor)', async () => {
    const info = async (who: LoggedIn) => (await post(t.app, '/user/getUserinfo', {}, who.headers)).body.data;
    expect((await info(user)).admin_roles).toEqual([]);
    expect((await info(staff.reviewer)).admin_roles).toEqual(['reviewer']);
  });

  it('derives users.role from admin_roles and refuses a direct write of it', async () => {
    const role = async (account: string) =>
      (
        await t.app.db.tx((tx) =>
          queryRows<{ role: string }>(tx, sql`SELECT role FROM users WHERE account = ${account}`),
        )
      )[0]?.role;
    expect(await role(staff.auditor.account)).toBe('admin');
    expect(await role(user.account)).toBe('user');
    const refusal = await t.app.db
      .tx((tx) => tx.execute(sql`UPDATE users SET role = 'admin' WHERE account = ${user.account}`))
      .then(
        () => 'written',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(refusal).toMatch(/derived from admin_roles/);
    expect((await post(t.app, '/admin/me', {}, user.headers)).statusCode).toBe(403);
  });

  it('logs in an account holding any back-office role with the is_admin hint', async () => {
    const login = await post(t.app, '/user/login', { account: staff.operator.account, password: PASSWORD });
    expect(login.body.data.is_admin).toBe('1');
  });
});

describe('grant-role CLI', () => {
  // Several embedded databases opened one after the other (migrations each time): slow on a busy machine.
  it('grants a role to an existing account only, and names the four roles in its usage', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-cli-roles-'));
    const lines: string[] = [];
    const run = (argv: string[]) => runCli(argv, { DATA_DIR: dataDir }, (line) => lines.push(line));
    try {
      expect(await run(['grant-role', '0311113333', 'superuser'])).toBe(2);
      expect(lines.pop()).toMatch(/grant-role <account> <reviewer\|operator\|auditor\|admin>/);
      expect(await run(['grant-role', '0311113333', 'auditor'])).toBe(1);
      expect(await run(['create-admin', '0311113333', 'first secret'])).toBe(0);
      expect(await run(['grant-role', '0311113333', 'auditor'])).toBe(0);
      expect(await run(['grant-role', '0311113333', 'auditor'])).toBe(0);
      // revoke-role takes one away (the way an administrator's own account becomes decidable), audited.
      expect(await run(['revoke-role', '0311113333', 'admin'])).toBe(0);
      expect(await run(['revoke-role', '0311113333', 'admin'])).toBe(0);
      expect(await run(['revoke-role', '0399999999', 'admin'])).toBe(1);
      expect(await run(['revoke-role', '0311113333', 'root'])).toBe(2);
      // Each grant on an account without a second factor prints a new one-time enrolment code.
      const code = expect.stringMatching(/^one-time enrolment code for 0311113333 \(.*\): [A-Z2-7]{10}$/);
      expect(lines.slice(0, -1)).toEqual([
        'role auditor for 0311113333: not found',
        'administrator 0311113333: created',
        code,
        'role auditor for 0311113333: granted',
        code,
        'role auditor for 0311113333: unchanged',
        code,
        'role admin for 0311113333: revoked',
        'role admin for 0311113333: unchanged',
        'role admin for 0399999999: not found',
      ]);
      expect(lines.at(-1)).toMatch(/revoke-role <account> <reviewer\|operator\|auditor\|admin>/);
      const db = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const audit = await db.tx((tx) =>
          queryRows<{ action: string; after: unknown }>(
            tx,
            sql`SELECT action, after FROM audit_log WHERE action = 'admin.revoke' ORDER BY id`,
          ),
        );
        expect(audit).toEqual([{ action: 'admin.revoke', after: { roles: ['auditor'] } }]);
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
