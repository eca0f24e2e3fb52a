import '../testing/setup';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { queryRows } from '../db/query';
import { base32Decode, hotp, stepAt } from '../modules/second-factor/totp';
import { configureMoneyLimiter, resetMoneyLimiter } from '../security/money-limiter';
import { postApproved, registerAdminPair, type AdminPair } from '../testing/accounts';
import { TEST_SCRYPT } from '../testing/app';
import { testBackends, type TestDatabase } from '../testing/backends';
import { FUND_PASSWORD, OPEN_TIME, fund, moneyReadyUser, userIdOf, type MoneyUser } from '../testing/money';
import { freshTotp } from '../testing/second-factor';
import { PASSWORD, post, registerAndLogin, type Answer, type LoggedIn } from '../testing/users';

const DAY = 86_400_000;
const CHANNEL = 'open-sesame-7';
const BURST = 20;
const relaxed = { max: 10_000, windowMs: 60_000 };
const wideMoney = { perAction: { max: 10_000, windowMs: 1000 }, perUser: { max: 10_000, windowMs: 1000 } };
let clock = OPEN_TIME;

/**
 * Issue 33 point 4: a try at a secret is claimed before the secret is checked, so a burst of requests sent at once
 * checks at most the allowed number and the rest are refused before any hash (the channel password, the fund
 * password, TOTP and recovery codes). On PostgreSQL the burst is split between two app instances on one database
 * (each has its own memory, so only a budget kept in the database holds); on PGlite one instance takes it all.
 */
describe.each(testBackends())('secrets under bursts on $name', (backend) => {
  let testDb: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admins: AdminPair;
  const build = () =>
    buildApp({
      database: testDb.config,
      passwordCost: TEST_SCRYPT,
      rateLimits: {
        loginPerAccount: relaxed,
        loginPerIp: relaxed,
        registerPerAccount: relaxed,
        registerPerIp: relaxed,
      },
      now: () => clock,
    });
  beforeAll(async () => {
    resetMoneyLimiter();
    testDb = await backend.open();
    a = await build();
    b = backend.name === 'postgres' ? await build() : a;
    admins = await registerAdminPair(a);
  }, 120_000);
  afterAll(async () => {
    configureMoneyLimiter();
    if (b !== a) await b.close();
    await a.close();
    await testDb.cleanup();
  });
  beforeEach(() => {
    clock = OPEN_TIME;
    // Wide money limits: the burst must reach the secret's own budget (the per-process 2-second limit is not it).
    configureMoneyLimiter(wideMoney);
  });
  afterEach(() => jest.restoreAllMocks());

  /** Request i goes to instance a or b in turn. */
  const on = (i: number) => (i % 2 === 0 ? a : b);
  const tally = (answers: Answer[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const key = answer.body.status === 1 ? 'ok' : String(answer.body.msg);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  /** Counts the hasher's verifications of these guesses on every instance (the channel and fund passwords). */
  const countVerifies = (guess: (password: string) => boolean) => {
    const calls: string[] = [];
    for (const app of new Set([a, b])) {
      const hasher = app.fundPasswords.hasher;
      const verify = hasher.verify.bind(hasher);
      jest.spyOn(hasher, 'verify').mockImplementation((password, hash) => {
        if (guess(password)) calls.push(password);
        return verify(password, hash);
      });
    }
    return calls;
  };
  const rich = async (): Promise<MoneyUser> => {
    const user = await moneyReadyUser(a);
    await fund(a, user.userId, '10000000');
    return user;
  };

  describe('the block-trade channel password (5 tries a day)', () => {
    const create = async () => {
      const answer = await postApproved(a, admins, '/admin/blockCreate', {
        code: '7203',
        market: 'jpy',
        block_price: '2500',
        min_lots: '10',
        total_lots: '100',
        deadline: new Date(clock.getTime() + 2 * DAY).toISOString(),
        channel_password: CHANNEL,
      });
      expect(answer.body).toMatchObject({ status: 1, msg: 'block_listing_created' });
      return answer.body.data.id as number;
    };
    const apply = (app: FastifyInstance, user: LoggedIn, id: number, channel: string) =>
      post(
        app,
        '/block/apply',
        { id: String(id), lots: '10', channel_password: channel, fund_password: FUND_PASSWORD },
        user.headers,
      );
    const triesOf = async (user: MoneyUser, id: number) => {
      const [row] = await a.db.tx((tx) =>
        queryRows<{ failures: number }>(
          tx,
          sql`SELECT failures FROM block_password_failures WHERE listing_id = ${id} AND user_id = ${user.userId}`,
        ),
      );
      return row?.failures ?? 0;
    };

    it('checks 5 of 20 wrong passwords sent at once; the rest, then the right one, are locked unhashed', async () => {
      const user = await rich();
      const id = await create();
      const checked = countVerifies((password) => password.startsWith('wrong-'));
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => apply(on(i), user, id, `wrong-${i}`)));
      expect(checked).toHaveLength(5);
      expect(tally(answers)).toEqual({ channel_password_wrong: 4, channel_password_locked: BURST - 4 });
      const right = await apply(b, user, id, CHANNEL);
      expect(right.body).toMatchObject({ status: 0, msg: 'channel_password_locked' });
      expect(await triesOf(user, id)).toBe(5);
    });

    it('with the right password sent last in the burst, still checks at most 5 wrong ones', async () => {
      const user = await rich();
      const id = await create();
      const checked = countVerifies((password) => password.startsWith('wrong-'));
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => apply(on(i), user, id, i === BURST - 1 ? CHANNEL : `wrong-${i}`)),
      );
      expect(checked.length).toBeLessThanOrEqual(5);
      // The right one is accepted only if it came before the budget was spent; the wrong ones never are.
      const { ok = 0, channel_password_wrong: wrong = 0, ...others } = tally(answers);
      expect(ok).toBeLessThanOrEqual(1);
      expect(wrong).toBeLessThanOrEqual(4);
      expect(Object.keys(others)).toEqual(['channel_password_locked']);
      expect(await triesOf(user, id)).toBeLessThanOrEqual(5);
    });

    it('hands a right password’s try back: four wrong, one right, and the listing is not locked', async () => {
      const user = await rich();
      const id = await create();
      for (let i = 0; i < 4; i += 1)
        expect((await apply(a, user, id, `wrong-${i}`)).body.msg).toBe('channel_password_wrong');
      expect((await apply(b, user, id, CHANNEL)).body).toMatchObject({ status: 1, msg: 'block_applied' });
      expect(await triesOf(user, id)).toBe(4);
      const info = await post(a, '/block/info', { id: String(id) }, user.headers);
      expect(info.body.data.locked_until).toBeNull();
    });
  });

  describe('the fund password (5 wrong in 15 minutes)', () => {
    const withdraw = (app: FastifyInstance, user: MoneyUser, fundPassword: string, amount = '30000') =>
      post(
        app,
        '/user/withdraw',
        { amount, currency: 'JPY', card_id: String(user.cardId), fund_password: fundPassword },
        user.headers,
      );

    it('checks 5 of 20 wrong fund passwords sent at once to withdrawals; then the right one is locked', async () => {
      const user = await rich();
      const checked = countVerifies((password) => password.startsWith('9'));
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => withdraw(on(i), user, String(900000 + i))),
      );
      expect(checked).toHaveLength(5);
      expect(tally(answers)).toEqual({ fund_password_wrong: 5, fund_password_locked: BURST - 5 });
      const right = await withdraw(b, user, FUND_PASSWORD);
      expect(right.body).toMatchObject({ status: 0, msg: 'fund_password_locked', field: 'fund_password' });
      expect(right.body.values).toEqual({ until: new Date(OPEN_TIME.getTime() + 15 * 60_000).toISOString() });
    });

    it('checks 5 of 20 wrong old fund passwords sent at once to /user/setFundPassword', async () => {
      const user = await rich();
      const checked = countVerifies((password) => password.startsWith('9'));
      const change = (app: FastifyInstance, old: string) =>
        post(
          app,
          '/user/setFundPassword',
          { old_fund_password: old, password: '246802', password2: '246802' },
          user.headers,
        );
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => change(on(i), String(900000 + i))));
      expect(checked).toHaveLength(5);
      expect(tally(answers)).toEqual({ fund_password_wrong: 5, fund_password_locked: BURST - 5 });
      expect((await change(a, FUND_PASSWORD)).body.msg).toBe('fund_password_locked');
    });

    it('hands back a try that checked nothing, and a right password clears the tries', async () => {
      const user = await rich();
      for (let i = 0; i < 4; i += 1) expect((await withdraw(a, user, '000000')).body.msg).toBe('fund_password_wrong');
      // Below the minimum: refused before the fund password is looked at, again and again: no try spent.
      for (let i = 0; i < 6; i += 1) expect((await withdraw(b, user, '000000', '1')).body.msg).toBe('withdraw_min');
      expect((await withdraw(a, user, FUND_PASSWORD)).body).toMatchObject({ status: 1, msg: 'withdraw_success' });
      // The right password cleared the four wrong ones: five more are checked before the lock.
      for (let i = 0; i < 5; i += 1) expect((await withdraw(b, user, '000000')).body.msg).toBe('fund_password_wrong');
      expect((await withdraw(a, user, FUND_PASSWORD)).body.msg).toBe('fund_password_locked');
    });
  });

  describe('second-factor codes (10 per user in 15 minutes, 5 per login challenge)', () => {
    /** An investor with a confirmed TOTP factor (the confirmation spent one code try). */
    const enrolled = async () => {
      const user = await registerAndLogin(a);
      const userId = await userIdOf(a, user.account);
      const { secret } = await a.security.secondFactor.enrol(userId, user.account);
      const code = freshTotp(base32Decode(secret), -1n)!;
      const { recovery_codes: recovery } = await a.security.secondFactor.confirm(userId, code);
      return { user, userId, secret: base32Decode(secret), recovery };
    };
    /** A six-digit code no step of the ±1 window answers. */
    const wrongTotp = (secret: Buffer, n: number) => {
      const now = stepAt(Date.now());
      const near = new Set([hotp(secret, now - 1n), hotp(secret, now), hotp(secret, now + 1n)]);
      for (let code = 100000 + n * 37; ; code += 1) if (!near.has(String(code))) return String(code);
    };
    /** The code check the login, the step-up and the signed-in calls share, on instance `app`. */
    const check = (app: FastifyInstance, userId: bigint, code: string) =>
      app.db.tx((tx) => app.security.secondFactor.checkCode(tx, userId, code)).then((c) => (c.ok ? 'ok' : c.key));
    const codesLeft = async (userId: bigint) => (await a.security.secondFactor.status(userId)).recovery_codes_left;

    it('checks only the user’s budget of 20 wrong TOTP and recovery codes sent at once', async () => {
      const { userId, secret, recovery } = await enrolled();
      // Half TOTP-shaped, half recovery-shaped: one budget for both.
      const code = (i: number) => (i % 4 < 2 ? wrongTotp(secret, i) : 'BBBB-BBBB-BBBB');
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => check(on(i), userId, code(i))));
      const counts: Record<string, number> = {};
      for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
      // Ten tries per 15 minutes, one spent by the confirmation: nine codes checked, eleven refused unchecked.
      expect(counts).toEqual({ second_factor_code_wrong: 9, too_frequent: BURST - 9 });
      // The right recovery code after the budget is spent is refused, and stays unused.
      expect(await check(b, userId, recovery[0]!)).toBe('too_frequent');
      expect(await codesLeft(userId)).toBe(10);
    });

    it('checks 5 of 20 wrong codes sent at once to one challenge; the right one then finds it ended', async () => {
      const { user, userId, secret, recovery } = await enrolled();
      const login = await post(a, '/user/login', { account: user.account, password: PASSWORD });
      const challenge = login.body.data.challenge as string;
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          post(on(i), '/user/loginSecondFactor', { challenge, code: i % 2 ? wrongTotp(secret, i) : 'CCCC-CCCC-CCCC' }),
        ),
      );
      // Five codes checked; the others found the challenge ended (or, in memory, the user's pre-gate closed).
      const { second_factor_code_wrong: wrong, ...others } = tally(answers);
      expect(wrong).toBe(5);
      expect(Object.keys(others).filter((key) => key !== 'too_frequent')).toEqual(['second_factor_challenge_invalid']);
      expect((await post(b, '/user/loginSecondFactor', { challenge, code: recovery[0]! })).body.msg).toBe(
        'second_factor_challenge_invalid',
      );
      expect(await codesLeft(userId)).toBe(10);
    });
  });
});
