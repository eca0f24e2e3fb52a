/**
 * Deposits on business days only (spec §9, Japan time), on the movable test clock
 * (POST /api/vue/test/clock): weekends and JPX holidays are refused with deposit_closed_day naming
 * the next business day, nothing is recorded; /funds/channels tells the screen beforehand.
 */
import '../testing/setup';
import { createTestClock } from '../clock';
import { depositDayState, isDepositDay, jpxHolidays } from '../modules/funds/deposit-days';
import { dayOf, weekday } from '../modules/market/calendar';
import { TINY_PNG, postMultipart } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { expectRefused, moneyReadyUser } from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

const proof = { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } };
const TUESDAY = '2026-11-17T01:00:00Z'; // 10:00 JST

describe('JPX business days', () => {
  it('match the site config list of holidays seeded for 2026 and 2027 (weekdays)', () => {
    const seeded = [
      '2026-01-01', '2026-01-02', '2026-01-12', '2026-02-11', '2026-02-23', '2026-03-20', '2026-04-29',
      '2026-05-04', '2026-05-05', '2026-05-06', '2026-07-20', '2026-08-11', '2026-09-21', '2026-09-22',
      '2026-09-23', '2026-10-12', '2026-11-03', '2026-11-23', '2026-12-31', '2027-01-01', '2027-01-11',
      '2027-02-11', '2027-02-23', '2027-03-22', '2027-04-29', '2027-05-03', '2027-05-04', '2027-05-05',
      '2027-07-19', '2027-08-11', '2027-09-20', '2027-09-23', '2027-10-11', '2027-11-03', '2027-11-23',
      '2027-12-31',
    ]; // prettier-ignore
    const onWeekdays = (year: number) =>
      [...jpxHolidays(year)]
        .filter((date) => {
          const [y, m, d] = date.split('-').map(Number);
          const w = weekday(dayOf(y!, m!, d!));
          return w !== 0 && w !== 6;
        })
        .sort();
    expect([...onWeekdays(2026), ...onWeekdays(2027)]).toEqual(seeded);
    expect(isDepositDay(dayOf(2028, 1, 10))).toBe(false); // 成人の日 2028
    expect(depositDayState(new Date('2026-11-20T15:30:00Z'))).toEqual({
      open: false, // Saturday 00:30 JST
      today: '2026-11-21',
      next: '2026-11-24',
    });
    expect(depositDayState(new Date('2026-11-20T14:59:00Z')).open).toBe(true); // Friday 23:59 JST
  });
});

describe.each(testBackends())('deposit days on $name', (backend) => {
  let t: TestApp;
  const clock = createTestClock(new Date(TUESDAY), { running: false });
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0 });
  });
  afterAll(() => t.close());

  const moveClock = async (to: string) => expect((await post(t.app, '/test/clock', { to }, {})).body.status).toBe(1);
  const deposit = (user: LoggedIn) =>
    postMultipart(t.app, '/funds/deposit', { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' }, proof, {
      ...user.headers,
    });
  const deposits = async (user: LoggedIn) => (await post(t.app, '/funds/deposits', {}, user.headers)).body.data;
  const channels = async (user: LoggedIn) => (await post(t.app, '/funds/channels', {}, user.headers)).body.data;

  it('refuses a Saturday deposit naming Monday, and records nothing', async () => {
    const user = await moneyReadyUser(t.app);
    await moveClock('2026-11-28T01:00:00Z'); // Saturday 10:00 JST
    expect(await channels(user)).toMatchObject({ business_day: false, next_business_day: '2026-11-30' });
    const refused = await expectRefused(t.app, user, 'deposit_closed_day', () => deposit(user));
    expect(refused.body.values).toEqual({ next: '2026-11-30' });
    expect(await deposits(user)).toEqual([]);
  });

  it('refuses a deposit on a JPX holiday (not in the site config list) naming the next business day', async () => {
    const user = await moneyReadyUser(t.app);
    await moveClock('2028-01-10T03:00:00Z'); // Monday 10 January 2028 (成人の日), 12:00 JST
    const refused = await expectRefused(t.app, user, 'deposit_closed_day', () => deposit(user));
    expect(refused.body.values).toEqual({ next: '2028-01-11' });
    expect(await deposits(user)).toEqual([]);
  });

  it('accepts a deposit on a business day, also just before midnight Japan time', async () => {
    const user = await moneyReadyUser(t.app);
    await moveClock('2026-11-20T14:59:00Z'); // Friday 23:59 JST
    expect(await channels(user)).toMatchObject({ business_day: true, next_business_day: '2026-11-24' });
    const answer = await deposit(user);
    expect(answer.body).toMatchObject({ status: 1, msg: 'recharge_success' });
    const [row] = await deposits(user);
    expect(row).toMatchObject({ status: 'pending', amount: '100000' });
    expect(typeof row.proof_id).toBe('string');
  });
});
