import '../testing/setup';
import { sql } from 'drizzle-orm';
import { tradePosition } from 'shared/contract';
import { Decimal, formatMoney } from 'shared/money';
import type { Mail } from '../modules/mail/mailer';
import { fillTime } from '../modules/trade/fill-notice';
import { formatAmount } from '../modules/wire/wire';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { expectOrderInvariants } from '../testing/order-invariants';
import { frozenClock, lookAhead, placeOrder, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post } from '../testing/users';

/**
 * Order fills are told (issue 33 point 3, JSDA 2025): every fill of an investor's order writes a notice to the
 * inbox and mails it to the owner after the money transaction committed, without links; a mail failure changes
 * nothing.
 */
const LINK = /https?:\/\/|www\.|href=|<a\b/i;
const clock = frozenClock();

describe.each(testBackends())('order fill notices (issue 33 point 3) on $name', (backend) => {
  let t: TestApp;
  const mails: Mail[] = [];
  let failMail = false;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
    t.app.mailer.send = async (mail) => {
      if (failMail) throw new Error('SMTP down');
      mails.push(mail);
    };
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(TOKYO_OPEN));
  afterEach(() => expectOrderInvariants(t.app));

  /** A trader with their own address; answers them, their mails and their inbox (newest first). */
  async function mailedTrader() {
    const user: Trader = await trader(t.app, { JPY: '10000000' });
    const to = `fill-${user.account}@example.test`;
    await t.app.db.tx((tx) => tx.execute(sql`UPDATE users SET email = ${to} WHERE id = ${user.userId}`));
    const mine = async () => {
      await t.app.notices.idle();
      return mails.filter((mail) => mail.to === to);
    };
    const inbox = async (lang = 'en') =>
      (await post(t.app, '/user/messages', { page: '1', size: '20', lang }, user.headers)).body.data.list as Array<{
        title: string;
        body: string;
      }>;
    return { user, mine, inbox };
  }
  const nameOf = (lang: 'zh-CN' | 'en' | 'ja') => t.app.market.provider.nameOf('jpy', '7203', lang)!;

  it('tells a market order filled at once, in the inbox and by mail: symbol, name, side, price, time', async () => {
    const { user, mine, inbox } = await mailedTrader();
    const answer = await placeOrder(t.app, user, { quantity: '100' });
    expect(answer.body.msg).toBe('order_placed');
    const order = tradePosition.parse(answer.body.data);
    expect(order.status).toBe(0);
    const price = new Decimal(order.buy_price);

    const sent = await mine();
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    // No session language at a fill: the mail reads in zh-CN, English and Japanese.
    expect(mail!.subject).toContain('Order filled: buy to open');
    expect(mail!.subject).toContain('約定のお知らせ：新規買い');
    for (const part of [
      '7203',
      nameOf('en'),
      nameOf('ja'),
      nameOf('zh-CN'),
      order.order_no,
      'bought 100 shares to open a long position',
      `at ${formatMoney(price, { decimals: price.decimalPlaces() })} JPY`,
      `amount ${formatAmount(price.times(100), 'JPY')}`,
      '2026-11-16 10:00 JST',
    ])
      expect(mail!.text).toContain(part);
    expect(mail!.text).not.toMatch(LINK);

    const [message] = await inbox();
    expect(message!.title).toBe('Order filled: buy to open');
    expect(message!.body).toContain(`${nameOf('en')} (order ${order.order_no})`);
    expect((await inbox('ja'))[0]!.title).toBe('約定のお知らせ：新規買い');
  });

  it('tells a replayed order (same Idempotency-Key) once; a failed mail changes nothing', async () => {
    const { user, mine, inbox } = await mailedTrader();
    const key = { 'idempotency-key': `fill-${user.account}` };
    const first = await placeOrder(t.app, user, { side: 'short', quantity: '200' }, key);
    const again = await placeOrder(t.app, user, { side: 'short', quantity: '200' }, key);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await mine()).map((mail) => mail.subject)).toEqual([expect.stringContaining('Order filled: sell short')]);
    expect((await mine())[0]!.text).toContain('sold 200 shares short');
    expect((await inbox()).filter((m) => m.title.startsWith('Order filled'))).toHaveLength(1);

    failMail = true;
    try {
      const third = await placeOrder(t.app, user, { quantity: '100' });
      expect(third.body.msg).toBe('order_placed');
      expect(third.body.data.status).toBe(0);
      await t.app.notices.idle();
    } finally {
      failMail = false;
    }
    expect(await mine()).toHaveLength(1);
    expect((await inbox())[0]!.title).toBe('Order filled: buy to open');
  });

  it('mails the owner when the matcher fills a limit order and when it closes the position', async () => {
    const { user, mine, inbox } = await mailedTrader();
    const now = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);
    // A long limit above the price: crossed at the matcher's next pass, filled at the limit.
    const limit = now.times('1.02').toDecimalPlaces(0, Decimal.ROUND_DOWN);
    const placed = await placeOrder(t.app, user, { price_type: 'limit', price: limit.toFixed(), quantity: '300' });
    expect(placed.body.data.status).toBe(3);
    expect(await mine()).toHaveLength(0);
    clock.set(new Date(TOKYO_OPEN.getTime() + 60_000));
    expect((await t.app.trade.matcher.runOnce()).filled).toBe(1);
    const [filled] = await mine();
    expect(filled!.subject).toContain('Order filled: buy to open');
    expect(filled!.text).toContain('bought 300 shares to open a long position');
    expect(filled!.text).toContain(`at ${formatMoney(limit, { decimals: 0 })} JPY`);
    expect(filled!.text).toContain('2026-11-16 10:01 JST');
    expect((await inbox())[0]!.title).toBe('Order filled: buy to open');

    expect((await post(t.app, '/trade/close', { id: String(placed.body.data.id) }, user.headers)).body.status).toBe(1);
    clock.set(new Date(TOKYO_OPEN.getTime() + 120_000));
    expect((await t.app.trade.matcher.runOnce()).closed).toBe(1);
    const sent = await mine();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toContain('Order filled: sell to close');
    expect(sent[1]!.text).toContain('sold 300 shares to close your long position');
    expect(sent[1]!.text).toContain('2026-11-16 10:02 JST');
    for (const mail of sent) expect(mail.text).not.toMatch(LINK);
    expect((await inbox())[0]!.title).toBe('Order filled: sell to close');
  });

  it('names the market’s clock and zone, and Tokyo’s for another market', () => {
    expect(fillTime('jpy', new Date('2026-11-16T01:05:00Z'))).toBe('2026-11-16 10:05 JST');
    expect(fillTime('cny', new Date('2026-11-16T02:05:00Z'))).toBe('2026-11-16 10:05 CST (2026-11-16 11:05 JST)');
    expect(fillTime('usd', new Date('2026-11-16T15:05:00Z'))).toBe('2026-11-16 10:05 EST (2026-11-17 00:05 JST)');
    expect(fillTime('usd', new Date('2026-07-16T14:05:00Z'))).toBe('2026-07-16 10:05 EDT (2026-07-16 23:05 JST)');
  });
});
