/**
 * Acceptance of "Copy trading" (issue 12, docs/decisions/0018-copy-trading.md), on a server of its own whose test
 * clock starts on Tuesday 24 November 2026 at 09:30 in Tokyo and is moved by POST /api/vue/test/clock (each move
 * runs the due background jobs: pricing, redemption, accrual). The back office (no screens) creates a Japanese
 * product over three listed names with a 3-day lock-up, and two products whose follow deadline falls that morning.
 * The demonstration products (COPY_SEED) fill the list as a new user would see it. Investors are verified and
 * funded through the API and the back office; everything they do goes through the screens at 390×844, and every
 * figure is checked against the server (/copy/info, /trade/userproductlist, /user/assets, /funds/records):
 *   copytrade-us, -jp   the list, a product (value chart, holdings, past return labelled as past), a follow below
 *                       the minimum refused, and a follow sent after the deadline passed with its form open,
 *                       refused with the translated follow_time_exceeded
 *   copytrade-cn        list → product → below the minimum refused → the risk disclosure → a follow with the fund
 *                       password → the follow record (amount, lock-up end) → home shows it frozen as an active
 *                       copy-trade → the clock moves through Tuesday, Wednesday and Thursday's closes: daily and
 *                       total profit change and equal what the unit values give → Friday's close ends the lock-up:
 *                       ended, principal plus total profit back in the balance, fund records show the hold, its
 *                       release and the profit → positions' copy-trade tab, in progress and ended
 * Screenshots under e2e/artifacts/<journey>/.
 */
import type { Browser, Page } from 'playwright-core';
import type { CopyOrder, CopyProduct } from 'shared/contract';
import { Decimal } from 'shared/money';
import { clickTab, eventually, expectScreen, hashPath, remoteScope, settle, storeSession } from './support/app';
import {
  centre,
  copyScope,
  copyTextsOf,
  createProduct,
  expectedProfits,
  followForm,
  followOrderOf,
  followRecord,
  jpyCopyAssets,
  navFromCandles,
  productInfo,
  productLink,
  refusalShown,
  showsAll,
  shown,
  userProductList,
  type CopyTexts,
  type ProductSpec,
} from './support/copytrade-steps';
import { FUND_PASSWORD, go, ledgerRecords, setFundPassword, tokyo, valueOf } from './support/ipo-steps';
import { freshAccount, launchBrowser } from './support/journey';
import {
  exactly,
  runMoneyJourney,
  writeUploadFiles,
  type LanguageCode,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';
import { fundInvestor, moveClock, refusedBy, type Investor } from './support/trading';

/** Tuesday 24 November 2026, 09:30 in Tokyo (the market is open; holidays are not modelled, ADR 0008). */
const START = tokyo('2026-11-24T09:30');
/** Deadlines of the two late products, and the instants the en and ja journeys move the clock past them. */
const LATE_EN_DEADLINE = tokyo('2026-11-24T10:00');
const LATE_JA_DEADLINE = tokyo('2026-11-24T10:30');
const PAST_EN_DEADLINE = tokyo('2026-11-24T10:01');
const PAST_JA_DEADLINE = tokyo('2026-11-24T10:31');
/** After the close (15:30) of each trading day of the lock-up: the units' first day, two more, and the last. */
const CLOSES = {
  tue: tokyo('2026-11-24T15:45'),
  wed: tokyo('2026-11-25T15:45'),
  thu: tokyo('2026-11-26T15:45'),
  fri: tokyo('2026-11-27T15:45'),
};
const LOCKUP_DAYS = 3;
/** Units priced at Tuesday's close; the redemption day is the first trading day 3 calendar days on. */
const STARTED_ON = '2026-11-24';
const LOCK_ENDS_ON = '2026-11-27';

const BASKET: ProductSpec = {
  names: { zh: '汽车与半导体组合', en: 'Autos and Chips Basket', ja: '自動車・半導体バスケット' },
  holdings: '7203:0.5,6758:0.3,8035:0.2',
  lockupDays: LOCKUP_DAYS,
  min: 100_000,
  capacity: 50_000_000,
  deadline: tokyo('2026-12-30T15:00'),
};
const lateProduct = (deadline: string, tag: string): ProductSpec => ({
  names: { zh: `限时精选组合 ${tag}`, en: `Morning Window ${tag}`, ja: `朝限定セレクト ${tag}` },
  holdings: '7974:0.5,6861:0.5',
  lockupDays: 7,
  min: 100_000,
  capacity: 10_000_000,
  deadline,
});
const LATE_EN = lateProduct(LATE_EN_DEADLINE, 'A');
const LATE_JA = lateProduct(LATE_JA_DEADLINE, 'B');
const FOLLOW_AMOUNT = 200_000;
const BELOW_MINIMUM = 50_000;
const NAME_OF: Record<LanguageCode, 'zh' | 'en' | 'ja'> = { cn: 'zh', us: 'en', jp: 'ja' };

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;
const products: Partial<Record<'basket' | 'lateEn' | 'lateJa', CopyProduct>> = {};
const product = (key: 'basket' | 'lateEn' | 'lateJa'): CopyProduct => {
  const p = products[key];
  if (!p) throw new Error(`product ${key} was not created (an earlier step failed)`);
  return p;
};

interface Member {
  investor: Investor;
  language: LanguageCode;
}
const members: Partial<Record<LanguageCode, Member>> = {};
const member = (key: LanguageCode): Member => {
  const m = members[key];
  if (!m) throw new Error(`investor ${key} was not set up (an earlier step failed)`);
  return m;
};

async function setUpMember(language: LanguageCode): Promise<Member> {
  const password = `Kabu-${Math.random().toString(36).slice(2, 10)}`;
  const { investor } = await fundInvestor(server, freshAccount(), password, files, {
    deposit: 500_000,
    toUsd: 10_000,
    toCny: 10_000,
  });
  await setFundPassword(server.baseUrl, investor, password);
  return { investor, language };
}
beforeAll(async () => {
  server = await startMoneyServer({
    clockStart: START,
    logName: 'server-copytrade.log',
    startTimeoutMs: 240_000,
    env: { COPY_SEED: '1' },
    approver: true,
  });
  browser = await launchBrowser();
  files = writeUploadFiles();
  products.basket = await createProduct(server, BASKET);
  products.lateEn = await createProduct(server, LATE_EN);
  products.lateJa = await createProduct(server, LATE_JA);
  const [cn, us, jp] = await Promise.all([setUpMember('cn'), setUpMember('us'), setUpMember('jp')]);
  Object.assign(members, { cn, us, jp });
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
}, 60_000);

/** A journey of `who` in its language, logged in, on the home screen; `t` includes mf-copytrade's words. */
function journeyOf(who: Member, name: string, body: (j: MoneyJourney, t: CopyTexts) => Promise<void>) {
  return runMoneyJourney(
    browser,
    server.baseUrl,
    who.language,
    async (j) => {
      await storeSession(j.page, who.investor, who.language);
      await j.page.goto('/#/home/index');
      await expectScreen(j.page, '/home/index');
      await body(j, copyTextsOf(who.language));
      if (who.language === 'us') expect(j.cjk).toEqual({});
    },
    name,
  );
}

/** From the product list to a product's screen, by its name in the reader's language. */
async function openProduct(j: MoneyJourney, t: CopyTexts, p: CopyProduct, name: string, shotList = true) {
  await go(j.page, '/home/qcList');
  const link = productLink(j.page, t, name);
  await link.waitFor();
  await settle(j.page);
  if (shotList) {
    // The list: the past return labelled as past with its period, the minimum, lock-up, deadline, capacity left.
    await expect(link.innerText()).resolves.toContain(t.copy('products.pastReturn', { days: p.past_return_days }));
    await j.shot('products');
    await centre(link);
    await j.shot('products-new-one');
  }
  await link.click();
  await eventually('#/home/follow', async () => (await hashPath(j.page)) === '/home/follow');
  await expectScreen(j.page, '/home/follow');
  await copyScope(j.page)
    .getByRole('heading', { level: 1, name: exactly(name) })
    .waitFor();
  expect(await j.page.evaluate(() => location.hash)).toContain(`id=${p.id}`);
}

/**
 * The product screen: its facts as the server has them, the past return labelled as past, the value chart drawn
 * (Highcharts, its accessible name naming the first and last value) and the holdings with their names.
 */
async function productScreen(j: MoneyJourney, t: CopyTexts, who: Member, p: CopyProduct) {
  const scope = copyScope(j.page);
  const info = await productInfo(server.baseUrl, who.investor, p.id, who.language);
  const minimum = valueOf(scope, t.copy('products.field.minimum'));
  await expect(minimum.innerText()).resolves.toContain(shown(p.min_investment));
  await expect(valueOf(scope, t.copy('products.field.lockDays')).innerText()).resolves.toBe(
    t.copy('products.field.days', { days: p.lockup_days }),
  );
  const past = valueOf(scope, t.copy('products.pastReturn', { days: info.product.past_return_days }));
  await expect(past.innerText()).resolves.toContain(
    t.copy('products.pastPeriod', { from: info.product.past_return_from, to: info.product.nav_date }),
  );
  await j.shot('product');
  const first = info.history[0]!;
  const last = info.history[info.history.length - 1]!;
  // The last value is live while the market is open: the name is matched with any value there.
  const label = t.copy('detail.chart.label', { first: first.nav, from: first.date, last: '\u0000', to: last.date });
  const chart = scope.getByRole('img', {
    name: new RegExp(`^${label.split('\u0000').map(escapeRegExp).join('\\d+\\.\\d{6}')}$`),
  });
  await chart.waitFor();
  await eventually('the chart drawn', async () => (await chart.locator('svg').count()) > 0);
  await centre(chart);
  await j.shot('value-chart');
  const table = scope.getByRole('table');
  for (const h of info.holdings) {
    await table.getByRole('row').filter({ hasText: h.code }).filter({ hasText: h.name }).waitFor();
  }
  await centre(table);
  await j.shot('holdings');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fills the follow form and sends it. */
async function sendFollow(page: Page, t: CopyTexts, amount: number): Promise<void> {
  const f = followForm(page, t);
  await f.amount.fill(String(amount));
  await f.fundPassword.fill(FUND_PASSWORD);
  await f.submit.click();
}

/** A follow below the minimum: refused under the amount field in the reader's language; the server agrees. */
async function belowMinimum(j: MoneyJourney, t: CopyTexts, who: Member, p: CopyProduct) {
  await sendFollow(j.page, t, BELOW_MINIMUM);
  const f = followForm(j.page, t);
  await refusalShown(f.form, t.msg('min_buy_amount', { min: `${shown(p.min_investment)} JPY` }));
  await j.shot('below-minimum-refused');
  await expect(
    refusedBy(server.baseUrl, who.investor, '/copy/follow', {
      id: String(p.id),
      amount: String(BELOW_MINIMUM),
      fund_password: FUND_PASSWORD,
    }),
  ).resolves.toMatchObject({ msg: 'min_buy_amount' });
  expect(await userProductList(server.baseUrl, who.investor)).toEqual([]);
}

/**
 * Key screens in English and Japanese: the list, a product, a follow below the minimum; then a late product's
 * form filled before its deadline and sent after the clock passed it: refused with follow_time_exceeded.
 */
describe('copy trading: the key screens and refusals in English and Japanese', () => {
  test.each([
    ['us', 'lateEn', PAST_EN_DEADLINE],
    ['jp', 'lateJa', PAST_JA_DEADLINE],
  ] as const)(
    'copy trading (%s): a product, below the minimum refused, past the deadline refused',
    async (language, lateKey, pastDeadline) => {
      const who = member(language);
      await journeyOf(who, `copytrade-${language}`, async (j, t) => {
        const basket = product('basket');
        await openProduct(j, t, basket, BASKET.names[NAME_OF[language]]);
        await productScreen(j, t, who, basket);
        await belowMinimum(j, t, who, basket);

        const late = product(lateKey);
        const lateSpec = lateKey === 'lateEn' ? LATE_EN : LATE_JA;
        await openProduct(j, t, late, lateSpec.names[NAME_OF[language]], false);
        const f = followForm(j.page, t);
        await f.amount.fill(String(FOLLOW_AMOUNT));
        await f.fundPassword.fill(FUND_PASSWORD);
        await centre(f.form);
        await j.shot('late-product-form-filled');
        await moveClock(server.baseUrl, { to: pastDeadline });
        await f.submit.click();
        await refusalShown(f.form, t.msg('follow_time_exceeded'));
        await f.form.getByRole('link', { name: t.copy('follow.wayOut.follow_time_exceeded.action') }).waitFor();
        await j.shot('past-deadline-refused');
        await expect(
          refusedBy(server.baseUrl, who.investor, '/copy/follow', {
            id: String(late.id),
            amount: String(FOLLOW_AMOUNT),
            fund_password: FUND_PASSWORD,
          }),
        ).resolves.toMatchObject({ msg: 'follow_time_exceeded' });
        expect(await userProductList(server.baseUrl, who.investor)).toEqual([]);

        // Reloaded, the product says it is closed instead of showing the form.
        await j.page.reload();
        await expectScreen(j.page, '/home/follow');
        await copyScope(j.page)
          .getByRole('note')
          .filter({ hasText: t.copy('detail.closedNote.closed') })
          .waitFor();
        await j.shot('late-product-closed');
      });
    },
    240_000,
  );
});

describe('copy trading: follow, the days of the lock-up, redemption', () => {
  test('copy trading (zh-CN): follow, profits from the market data day by day, redeemed at the end', async () => {
    const who = member('cn');
    const basket = product('basket');
    const before = await jpyCopyAssets(server.baseUrl, who.investor);
    expect(before.copy).toBe(0);

    await journeyOf(who, 'copytrade-cn', async (j, t) => {
      const { page } = j;
      const scope = copyScope(page);
      await openProduct(j, t, basket, BASKET.names.zh);
      await productScreen(j, t, who, basket);
      await belowMinimum(j, t, who, basket);

      // Enough: the risk disclosure first (asked once), then the follow is sent again with the same key.
      const f = followForm(page, t);
      await f.amount.fill(String(FOLLOW_AMOUNT));
      await f.fundPassword.fill(FUND_PASSWORD);
      await f.submit.click();
      // The shell's toast names the disclosure (not leverage or short selling, as it once did).
      await page.getByText(t.msg('risk_disclosure_required'), { exact: true }).waitFor();
      const risk = page.getByRole('alertdialog');
      const accept = risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) });
      await accept.waitFor();
      await eventually('the risk disclosure text', async () => (await risk.innerText()).length > 150);
      await j.shot('risk-disclosure');
      await accept.click();
      await page.getByText(t.msg('copy_order_success')).first().waitFor();
      const mine = scope.getByRole('list', { name: t.copy('detail.mine') });
      await mine
        .getByRole('listitem')
        .filter({ hasText: shown(FOLLOW_AMOUNT) })
        .waitFor();
      await centre(mine);
      await j.shot('followed');

      const [order] = await userProductList(server.baseUrl, who.investor);
      expect(order).toMatchObject({
        state: 'following',
        status: 0,
        product_id: basket.id,
        started_on: STARTED_ON,
        lock_ends_on: LOCK_ENDS_ON,
        units: null,
      });
      expect(Number(order!.amount)).toBe(FOLLOW_AMOUNT);
      const orderNo = order!.order_no;
      let assets = await jpyCopyAssets(server.baseUrl, who.investor);
      expect(assets).toEqual({ available: before.available - FOLLOW_AMOUNT, copy: FOLLOW_AMOUNT });

      // The follow record: amount, state, units bought at the next close, the lock-up's last day.
      await go(page, '/mine/followOrder');
      const record = followRecord(page, t, orderNo);
      await record.waitFor();
      await expect(valueOf(record, t.copy('orders.field.amount')).innerText()).resolves.toContain(shown(FOLLOW_AMOUNT));
      await expect(valueOf(record, t.copy('orders.field.lockEnd')).innerText()).resolves.toBe(LOCK_ENDS_ON);
      await expect(valueOf(record, t.copy('orders.field.units')).innerText()).resolves.toBe(
        t.copy('orders.unitsPending'),
      );
      await expect(record.innerText()).resolves.toContain(t.copy('orders.state.following'));
      await j.shot('follow-record-following');

      // Home: the principal is frozen as an active copy-trade.
      await clickTab(page, '/home/index');
      await frozenOnHome(j, FOLLOW_AMOUNT);
      await j.shot('home-frozen-copy-trade');

      // The clock moves through the closes of the lock-up; each day's profits come from the unit values.
      const seen: Array<{ daily: string; total: string }> = [];
      for (const day of ['tue', 'wed', 'thu'] as const) {
        await moveClock(server.baseUrl, { to: CLOSES[day] });
        const now = await followOrderOf(server.baseUrl, who.investor, orderNo);
        const info = await productInfo(server.baseUrl, who.investor, basket.id);
        // Spec §4: the units are in their lock-up until the close of its last day (issue 35).
        expect(now.state).toBe('lockup');
        // Units bought at Tuesday's close: the amount ÷ that day's unit value, rounded down to 8 decimals.
        expect(now.buy_nav).toBe(info.history.find((p) => p.date === STARTED_ON)!.nav);
        expect(now.units).toBe(
          new Decimal(FOLLOW_AMOUNT).dividedBy(now.buy_nav!).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
        );
        expect(info.history.at(-1)!.date).toBe(CLOSES[day].slice(0, 10));
        // The unit values are the market data's: recomputed from the holdings' daily candles alone.
        expect(await navFromCandles(server.baseUrl, who.investor, BASKET.holdings, basket.base_date)).toEqual(
          info.history,
        );
        const expected = expectedProfits(now, info.history);
        expect({ daily: now.daily_profit, total: now.total_profit }).toEqual({
          daily: expected.daily,
          total: expected.total,
        });
        seen.push(expected);

        // A new day's figures: the records read again (as opening them from the menu would).
        await go(page, '/mine/followOrder');
        await page.reload();
        await expectScreen(page, '/mine/followOrder');
        await showsAll(
          record,
          [t.copy('orders.state.lockup'), shown(expected.daily, true), shown(expected.total, true)],
          `the ${day} profits on the follow record`,
        );
        await expect(valueOf(record, t.copy('orders.field.dailyProfit')).innerText()).resolves.toContain(
          shown(expected.daily, true),
        );
        await expect(valueOf(record, t.copy('orders.field.totalProfit')).innerText()).resolves.toContain(
          shown(expected.total, true),
        );
        await j.shot(`follow-record-${day}`);
        if (day === 'wed') await copyTab(j, t, 'open', orderNo, now);
      }
      // The first day has no daily profit; the next two differ, as the market moved.
      expect(seen[0]!.daily).toBe('0');
      expect(seen[1]!.daily).not.toBe(seen[2]!.daily);
      expect(new Set(seen.map((s) => s.total)).size).toBe(3);

      // Friday's close ends the lock-up: redeemed at that day's value.
      const info = await productInfo(server.baseUrl, who.investor, basket.id);
      const live = await followOrderOf(server.baseUrl, who.investor, orderNo);
      await moveClock(server.baseUrl, { to: CLOSES.fri });
      const ended = await followOrderOf(server.baseUrl, who.investor, orderNo);
      const friday = await productInfo(server.baseUrl, who.investor, basket.id);
      expect(friday.history.at(-1)!.date).toBe(LOCK_ENDS_ON);
      const profit = expectedProfits(live, friday.history).total;
      expect(info.history.length + 1).toBe(friday.history.length);
      expect(ended).toMatchObject({ state: 'ended', status: 1, money: '0', total_profit: profit });
      expect(Number(ended.redeemed_amount)).toBe(FOLLOW_AMOUNT + Number(profit));
      assets = await jpyCopyAssets(server.baseUrl, who.investor);
      expect(assets).toEqual({ available: before.available + Number(profit), copy: 0 });

      await go(page, '/mine/followOrder');
      await page.reload();
      await expectScreen(page, '/mine/followOrder');
      await showsAll(
        record,
        [t.copy('orders.state.ended'), shown(FOLLOW_AMOUNT + Number(profit))],
        'the ended follow record',
      );
      await expect(valueOf(record, t.copy('orders.field.redeemed')).innerText()).resolves.toContain(
        shown(FOLLOW_AMOUNT + Number(profit)),
      );
      await expect(valueOf(record, t.copy('orders.field.totalProfit')).innerText()).resolves.toContain(
        shown(profit, true),
      );
      await j.shot('follow-record-ended');

      // The balance: principal plus the total profit back in available, nothing frozen for copy trades.
      await clickTab(page, '/home/index');
      const jpy = await jpyRegion(j);
      await expect(valueOf(jpy, t.common('assets.available')).innerText()).resolves.toContain(shown(assets.available));
      await expect(
        jpy
          .getByRole('listitem')
          .filter({ hasText: t.common('assets.frozenParts.copy_trades') })
          .count(),
      ).resolves.toBe(0);
      await j.shot('home-balance-after-redemption');

      // Fund records, a statement under the order's number: the follow froze the amount (moving no money), the
      // redemption released it with the profit or loss, the only money the product made or lost.
      const ledger = (await ledgerRecords(server.baseUrl, who.investor, 'copy_trade')).filter(
        (r) => r.order_no === orderNo,
      );
      expect(ledger.map((r) => [Number(r.amount), Number(r.frozen)])).toEqual([
        [Number(profit), -FOLLOW_AMOUNT],
        [0, FOLLOW_AMOUNT],
      ]);
      const expectedRows = ledger;
      await clickTab(page, '/mine/transactionRecords');
      const records = remoteScope(page, 'mf_funds').getByRole('list', { name: t.funds('records.title') });
      const rows = records
        .getByRole('listitem')
        .filter({ hasText: orderNo })
        .filter({ hasText: t.funds('records.type.copy_trade') });
      await eventually('the copy-trade rows', async () => (await rows.count()) === expectedRows.length);
      const texts = (await rows.allInnerTexts()).join('\n');
      expect(texts).toContain(shown(FOLLOW_AMOUNT));
      if (Number(profit) !== 0) expect(texts).toContain(shown(Math.abs(Number(profit))));
      await j.shot('fund-records');

      await copyTab(j, t, 'ended', orderNo, ended);
    });
  }, 480_000);
});

/** The home dashboard's JPY section of the total assets (opened), as mf-trade's card shows it. */
async function jpyRegion(j: MoneyJourney) {
  const card = remoteScope(j.page, 'mf_trade');
  const summary = card.locator('summary', { hasText: j.t.common('assets.breakdown') });
  await summary.waitFor();
  if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open))) await summary.click();
  const region = card.getByRole('region', { name: j.t.common('assets.currency', { currency: 'JPY' }) });
  await region.waitFor();
  return region;
}

/** Home shows `amount` frozen as active copy-trades in the JPY breakdown. */
async function frozenOnHome(j: MoneyJourney, amount: number): Promise<void> {
  const jpy = await jpyRegion(j);
  const part = jpy
    .getByRole('list', { name: j.t.common('assets.frozen') })
    .getByRole('listitem')
    .filter({ hasText: j.t.common('assets.frozenParts.copy_trades') });
  await part.waitFor();
  await expect(part.innerText()).resolves.toContain(shown(amount));
  await centre(part);
}

/** Positions' copy-trade tab in `phase` (in progress / ended) shows the order's real row. */
async function copyTab(j: MoneyJourney, t: CopyTexts, phase: 'open' | 'ended', orderNo: string, order: CopyOrder) {
  const { page } = j;
  await go(page, '/position/index?market=jpy&tab=copyTrade');
  const trade = remoteScope(page, 'mf_trade');
  if (phase === 'ended') {
    await trade
      .getByRole('group', { name: t.trade('positions.phase') })
      .locator('label')
      .filter({ hasText: exactly(t.trade('positions.ended')) })
      .click();
  }
  const row = trade.getByRole('listitem').filter({ hasText: BASKET.names.zh });
  await row.waitFor();
  await showsAll(
    row,
    [
      shown(order.amount),
      shown(order.total_profit, true),
      shown(order.daily_profit, true),
      t.trade(`positions.copyTrade.state.${order.state}`),
      t.trade('positions.copyTrade.lockEnd', { date: LOCK_ENDS_ON }),
    ],
    `the ${phase} copy-trade row of ${orderNo}`,
  );
  await settle(page);
  await j.shot(`positions-copy-trade-${phase}`);
}
