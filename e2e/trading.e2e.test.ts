/**
 * Acceptance of "Markets and trading" (issue 4), in English, on a server of its own whose test clock
 * starts on Tuesday 24 November 2026 at 10:00 in Tokyo (Tokyo open, Shanghai and New York closed) and
 * is moved through the day by POST /api/vue/test/clock:
 *   a funded investor opens 7203 → the chart draws → market buy long at 2× (risk disclosure accepted
 *   once) → the position shows with live P&L → closes it → fund records show margin, fee and proceeds;
 *   a limit order fills when the clock moves the price across it; a limit beyond today's limit is
 *   refused; a US stock is closed while Tokyo trades: a market order is accepted and waits for the open
 *   (issue 13), and fills at New York's opening price; at 10:30 in Shanghai a China position cannot be
 *   closed the same day (T+1); at 10:00 in New York a US stock is sold short. The trade form opens from
 *   the stock page's Buy / Sell bar in a bottom sheet (issue 13); order numbers come from /trade/orders.
 *   The investor is made verified and funded through the API and the back office (which has no screens);
 *   everything the investor does goes through the screens. Screenshots at 390×844 under e2e/artifacts/trading-us/.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import {
  clickTab,
  eventually,
  expectScreen,
  hashPath,
  remoteScope,
  settle,
  storeSession,
  valuesOutsideCards,
} from './support/app';
import { launchBrowser } from './support/journey';
import {
  exactly,
  runMoneyJourney,
  writeUploadFiles,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';
import { figure } from './support/money-steps';
import { templatePattern } from './support/broker-steps';
import { readPlacedResult } from './support/order-steps';
import {
  call,
  fundInvestor,
  moveClock,
  newOrderOf,
  orderNumbers,
  ordersOf,
  quoteOf,
  refusedBy,
  ticksBelow,
  type Investor,
} from './support/trading';

/** Tuesday 24 November 2026, 10:00 JST (01:00 UTC): Tokyo open, Shanghai opens 01:30 UTC, New York 14:30 UTC. */
const TOKYO_MORNING = '2026-11-24T01:00:00Z';
/** 10:30 in Shanghai (11:30 in Tokyo, its lunch break). */
const SHANGHAI_MORNING = '2026-11-24T02:30:00Z';
/** 10:00 in New York (EST). */
const NEW_YORK_MORNING = '2026-11-24T15:00:00Z';
/** Wednesday 25 November, 10:00 in Tokyo: the Chinese and Japanese journeys. */
const NEXT_TOKYO_MORNING = '2026-11-25T01:00:00Z';
/** The narrowest phone the screens must not break on. */
const NARROW = { width: 360, height: 780 };

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;

beforeAll(async () => {
  server = await startMoneyServer({ clockStart: TOKYO_MORNING, logName: 'server-trading.log' });
  browser = await launchBrowser();
  files = writeUploadFiles();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
});

/**
 * The trade of the stock page (issue 13): the Buy / Sell bar fixed above the bottom menu (a group named like the
 * form) opens the trade form in a bottom sheet (a dialog) preset to long or short; its controls by their names.
 */
function tradeForm(j: MoneyJourney) {
  const { page, t } = j;
  const scope = remoteScope(page, 'mf_trade');
  const bar = scope.getByRole('group', { name: t.trade('trade.title') });
  const sheet = scope.getByRole('dialog', { name: t.trade('trade.title') });
  const form = sheet.getByRole('form', { name: t.trade('trade.title') });
  return {
    scope,
    bar,
    sheet,
    form,
    /** Buy (long) or Sell (short) on the bar: the sheet opens with the form preset to that side. */
    open: async (side: 'long' | 'short') => {
      await bar.getByRole('button', { name: exactly(t.trade(side === 'long' ? 'trade.long' : 'trade.short')) }).click();
      await form.waitFor();
    },
    /** The sheet's close button (×). */
    close: async () => {
      await sheet.getByRole('button', { name: t.trade('trade.bar.close'), exact: true }).click();
      await sheet.waitFor({ state: 'detached' });
    },
    quantity: form.getByLabel(t.trade('trade.quantity'), { exact: true }),
    price: form.getByLabel(t.trade('trade.price'), { exact: true }),
    /** Segmented choices are radios inside labels: tap the label as a finger would. */
    choose: (text: string) =>
      form
        .locator('label')
        .filter({ hasText: exactly(text) })
        .click(),
    submit: (side: 'long' | 'short') =>
      form.getByRole('button', { name: exactly(t.trade(side === 'long' ? 'trade.submitLong' : 'trade.submitShort')) }),
  };
}

/** Opens a route with its query as a link would (a hash change), and waits for its screen. */
async function go(page: Page, route: string): Promise<void> {
  const [path] = route.split('?');
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  await eventually(`#${route}`, async () => page.evaluate((r) => location.hash === `#${r}`, route));
  await expectScreen(page, path!);
}

/** Opens a stock page and waits for its Buy / Sell bar (the form opens from it in a sheet). */
async function openStock(j: MoneyJourney, code: string, market: string): Promise<void> {
  await go(j.page, `/quotes/info?code=${code}&market=${market}`);
  await tradeForm(j).bar.waitFor();
}

/**
 * Places the order now in the sheet: submit → (risk disclosure) → confirmation → placed: the sheet closes and the
 * result sheet says so (order_placed, and order_waiting while the market is not open), then Done. Answers the new
 * order's number as /trade/orders has it (the form no longer shows it).
 */
async function placeOrder(
  j: MoneyJourney,
  who: Investor,
  market: string,
  side: 'long' | 'short',
  shotPrefix: string,
  expectRisk = false,
  outcome: 'order_placed' | 'order_waiting' = 'order_placed',
): Promise<string> {
  const { page, t } = j;
  const f = tradeForm(j);
  const before = await orderNumbers(server.baseUrl, who, market);
  await f.submit(side).click();
  if (expectRisk) {
    const risk = page.getByRole('alertdialog');
    await risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) }).waitFor();
    await eventually('the risk disclosure text', async () => (await risk.innerText()).length > 200);
    await j.shot(`${shotPrefix}-risk-disclosure`);
    await risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) }).click();
  }
  const sheet = page.getByRole('alertdialog', { name: t.trade('trade.confirm.title') });
  await sheet.waitFor();
  await j.shot(`${shotPrefix}-confirm`);
  await sheet
    .getByRole('button', { name: exactly(t.trade(side === 'long' ? 'trade.confirm.okLong' : 'trade.confirm.okShort')) })
    .click();
  await f.sheet.waitFor({ state: 'detached', timeout: 15_000 });
  const order = await eventually('the new order', async () => newOrderOf(server.baseUrl, who, market, before));
  await readPlacedResult(j, order!.order_no, outcome, `${shotPrefix}-placed`);
  return order.order_no;
}

/** The holdings list item of `name` on /position/index of `market`. */
async function openPositions(j: MoneyJourney, market: string, tab = 'holdings'): Promise<Locator> {
  await go(j.page, `/position/index?market=${market}&tab=${tab}`);
  await settle(j.page);
  return remoteScope(j.page, 'mf_trade');
}

test(
  'a funded investor trades long with leverage, closes, sees fund records; limit fill, refusals, T+1 and a US short',
  fundedInvestorJourney,
  600_000,
);

async function fundedInvestorJourney(): Promise<void> {
  await runMoneyJourney(
    browser,
    server.baseUrl,
    'us',
    async (j) => {
      const { page, t } = j;
      const { investor } = await fundInvestor(server, j.account, j.password, files, {
        // Enough USD for the order that waits for New York's open (1 AAPL) and the short (2 AAPL); the deposit is
        // at its maximum (500,000 JPY).
        deposit: 500_000,
        toUsd: 150_000,
        toCny: 30_000,
      });
      await storeSession(page, investor, 'us');
      await page.goto('/#/home/index');
      await expectScreen(page, '/home/index');

      // 7203 at Tokyo's morning: the chart draws, the Buy / Sell bar sits above the bottom menu; Buy opens the form in
      // a sheet, preset to long, showing the market open and the balance.
      await openStock(j, '7203', 'jpy');
      await page.getByTestId('tr-stock-chart').locator('svg').first().waitFor({ timeout: 30_000 });
      const f = tradeForm(j);
      await j.shot('stock-detail-7203');
      await f.open('long');
      await expect(f.form.getByRole('radio', { name: t.trade('trade.long'), exact: true }).isChecked()).resolves.toBe(
        true,
      );
      await eventually('the available JPY balance', async () =>
        (await figure(f.form, t.trade('trade.available')).innerText()).includes('320,000.00'),
      );
      await f.form.getByText(t.trade('trade.status.openShort'), { exact: true }).waitFor();
      await j.shot('trade-sheet-7203');

      // Market buy long, 100 shares at 2×: margin = price × 100 ÷ 2, shown before sending.
      await f.quantity.fill('100');
      await f.choose(t.trade('trade.multiple', { value: 2 }));
      await eventually('an estimate', async () => /\d/.test(await figure(f.form, t.trade('trade.total')).innerText()));
      await f.submit('long').scrollIntoViewIfNeeded();
      await j.shot('trade-form-long-2x');
      const longOrder = await placeOrder(j, investor, 'jpy', 'long', 'long-7203', true);

      // The position with live P&L: the clock moves a minute, the server values it at the new price.
      const scope = await openPositions(j, 'jpy');
      const holdings = scope.getByRole('list', { name: t.trade('positions.kind.holdings') });
      const item = holdings.getByRole('listitem').filter({ hasText: 'Toyota' });
      await item.waitFor();
      await expect(item.innerText()).resolves.toContain(t.trade('positions.status.holding'));
      const pnlBefore = await item.locator('.ds-num').first().innerText();
      await j.shot('position-holding');
      let pnlAfter = pnlBefore;
      for (let i = 0; i < 10 && pnlAfter === pnlBefore; i += 1) {
        await moveClock(server.baseUrl, { advance_ms: 60_000 });
        pnlAfter = await eventually('the P&L to be re-read', async () => {
          await page.waitForTimeout(3_500);
          return item.locator('.ds-num').first().innerText();
        });
      }
      expect(pnlAfter).not.toBe(pnlBefore);
      await j.shot('position-live-pnl');

      // Its detail: every field of spec §3.
      await item.getByRole('link').first().click();
      await eventually('#/position/info', async () => (await hashPath(page)) === '/position/info');
      await expectScreen(page, '/position/info');
      const detail = remoteScope(page, 'mf_trade');
      await detail.getByText(longOrder).waitFor();
      await j.shot('position-detail');
      expect(await valuesOutsideCards(page)).toEqual([]);

      // Close it after the confirmation; it is settled at market and moves to Ended.
      await detail.getByRole('button', { name: exactly(t.trade('positions.close')) }).click();
      const closeSheet = page.getByRole('alertdialog', { name: t.trade('positions.closeTitle') });
      await closeSheet.waitFor();
      await j.shot('close-confirm');
      await closeSheet.getByRole('button', { name: exactly(t.trade('positions.closeConfirm')) }).click();
      // Issue 35: the server's sell_success in a result sheet, not a toast of the screen's own.
      const sold = page.getByRole('dialog', { name: t.msg('sell_success') });
      await sold.waitFor();
      await j.shot('close-result');
      await sold.getByRole('button', { name: exactly(t.common('done')) }).click();
      await eventually(
        'the position to be closed',
        async () => (await detail.innerText()).includes(t.trade('positions.status.closed')),
        20_000,
      );
      await j.shot('position-closed');

      // Fund records, a statement (ADR 0036): the order's opening (its fee paid, the margin frozen) and its close
      // (the P&L less the closing fee, the margin released), one line each under the order number.
      await clickTab(page, '/mine/transactionRecords');
      const records = remoteScope(page, 'mf_funds').getByRole('list', { name: t.funds('records.title') });
      const rowsOfOrder = () => records.getByRole('listitem').filter({ hasText: longOrder }).allInnerTexts();
      await eventually('the opening and the close of the closed order', async () => {
        const texts = await rowsOfOrder();
        return (
          texts.length === 2 &&
          texts.some(
            (x) => x.includes(t.funds('records.type.margin')) && x.includes(t.funds('records.frozenChange')),
          ) &&
          // The close is typed by its main move: the trade's P&L ("Trade"), or the release when it made none.
          texts.some(
            (x) =>
              (x.includes(t.funds('records.type.trade')) || x.includes(t.funds('records.type.margin_release'))) &&
              x.includes(t.funds('records.releasedChange')),
          )
        );
      });
      // The opening line's amount is the fee it paid: money out, shown with its sign.
      const opening = (await rowsOfOrder()).find((x) => x.includes(t.funds('records.type.margin')))!;
      expect(opening.replace(/\s+/g, ' ')).toMatch(/[-−]\d{1,3}(?:,\d{3})*\.\d{2} JPY/);
      await j.shot('fund-records');

      // A limit order below the price stays pending; moving the clock moves the price across it and it fills.
      const quote = await quoteOf(server.baseUrl, investor, '7203', 'jpy');
      const limit = ticksBelow(quote.price, quote.tick_size, 3);
      await openStock(j, '7203', 'jpy');
      await f.open('long');
      await f.choose(t.trade('trade.limit'));
      await f.price.fill(limit);
      await f.quantity.fill('10');
      await f.choose(t.trade('trade.multiple', { value: 1 }));
      await j.shot('limit-form');
      const limitOrder = await placeOrder(j, investor, 'jpy', 'long', 'limit-7203');
      const orders = await openPositions(j, 'jpy', 'orders');
      const pending = orders
        .getByRole('list', { name: t.trade('trade.orders.pending') })
        .getByRole('listitem')
        .filter({ hasText: limitOrder });
      await pending.waitFor();
      await j.shot('limit-pending');
      let filled = false;
      for (let minute = 0; minute < 50 && !filled; minute += 1) {
        await moveClock(server.baseUrl, { advance_ms: 60_000 });
        filled = (await ordersOf(server.baseUrl, investor, 'jpy', 'pending')).every((o) => o.order_no !== limitOrder);
      }
      expect(filled).toBe(true);
      await orders.getByText(t.trade('trade.orders.emptyPending')).waitFor({ timeout: 15_000 });
      await orders
        .locator('label')
        .filter({ hasText: exactly(t.trade('trade.orders.history')) })
        .click();
      const history = orders
        .getByRole('list', { name: t.trade('trade.orders.history') })
        .getByRole('listitem')
        .filter({ hasText: limitOrder });
      await history.waitFor();
      await expect(history.innerText()).resolves.toContain(t.trade('trade.state.holding'));
      await j.shot('limit-filled');

      // A limit far below the price waits; it is cancelled after the confirmation and its hold returns.
      const far = ticksBelow((await quoteOf(server.baseUrl, investor, '7203', 'jpy')).price, quote.tick_size, 100);
      await openStock(j, '7203', 'jpy');
      await f.open('long');
      await f.choose(t.trade('trade.limit'));
      await f.price.fill(far);
      await f.quantity.fill('10');
      const farOrder = await placeOrder(j, investor, 'jpy', 'long', 'limit-far');
      const orders2 = await openPositions(j, 'jpy', 'orders');
      const waiting = orders2
        .getByRole('list', { name: t.trade('trade.orders.pending') })
        .getByRole('listitem')
        .filter({ hasText: farOrder });
      await waiting.getByRole('button', { name: exactly(t.trade('trade.orders.cancel')) }).click();
      const cancelSheet = page.getByRole('alertdialog', { name: t.trade('trade.orders.cancelTitle') });
      await cancelSheet.waitFor();
      await j.shot('cancel-confirm');
      await cancelSheet.getByRole('button', { name: exactly(t.trade('trade.orders.cancelConfirm')) }).click();
      await waiting.waitFor({ state: 'detached' });
      await orders2
        .locator('label')
        .filter({ hasText: exactly(t.trade('trade.orders.history')) })
        .click();
      const cancelled = orders2
        .getByRole('list', { name: t.trade('trade.orders.history') })
        .getByRole('listitem')
        .filter({ hasText: farOrder });
      await expect(cancelled.innerText()).resolves.toContain(t.trade('trade.state.cancelled'));
      await j.shot('order-cancelled');

      // A limit beyond today's limit is refused, naming the rule.
      const now = await quoteOf(server.baseUrl, investor, '7203', 'jpy');
      await openStock(j, '7203', 'jpy');
      await f.open('long');
      await f.choose(t.trade('trade.limit'));
      await f.price.fill(String(Number(now.limit_up) + 100));
      await f.quantity.fill('10');
      await f.submit('long').click();
      // The refusal stays in the sheet.
      await f.form.getByText(t.msg('price_beyond_limit')).waitFor();
      await j.shot('refusal-price-limit');
      await f.close();
      // The server refuses it too when the form's check is bypassed, and books nothing.
      const orderCount = async () =>
        (await ordersOf(server.baseUrl, investor, 'jpy', 'all')).length +
        (await ordersOf(server.baseUrl, investor, 'usd', 'all')).length;
      const ordersBefore = await orderCount();
      const beyond = {
        market: 'jpy',
        code: '7203',
        side: 'long',
        price_type: 'limit',
        price: String(Number(now.limit_up) + 100),
        quantity: '10',
        leverage: '1',
      };
      await expect(refusedBy(server.baseUrl, investor, '/trade/order', beyond)).resolves.toMatchObject({
        msg: 'price_beyond_limit',
      });

      expect(await orderCount()).toBe(ordersBefore);

      // Off hours (issue 13): New York is closed during Tokyo's morning; the form says the order waits for the open,
      // in New York's zone and the device's (Asia/Tokyo here); a market buy is accepted and listed as waiting.
      await openStock(j, 'AAPL', 'usd');
      await f.open('long');
      await f.form.getByText(t.trade('trade.status.closedShort'), { exact: true }).waitFor();
      const closedNote = f.form
        .getByRole('status')
        .filter({ hasText: templatePattern(t.trade('trade.adv.waitClosed').replace(/<\/?when>/g, '')) });
      const date = String.raw`(\d{4}-\d{2}-\d{2}\s)?\d{2}:\d{2}`;
      await expect(closedNote.innerText()).resolves.toMatch(
        new RegExp(String.raw`waits for the open at ${date}\sE[SD]T\s·\s${date}\syour time`),
      );
      // It can send (the button waits only for the rules and the quote to load).
      await eventually('the submit button enabled while closed', async () => f.submit('long').isEnabled());
      await f.choose(t.trade('trade.market'));
      await f.quantity.fill('1');
      await f.choose(t.trade('trade.multiple', { value: 1 }));
      await j.shot('off-hours-waits');
      const waitingOrder = await placeOrder(j, investor, 'usd', 'long', 'off-hours', false, 'order_waiting');
      const waitingWire = (await ordersOf(server.baseUrl, investor, 'usd', 'pending')).find(
        (o) => o.order_no === waitingOrder,
      );
      expect(waitingWire).toMatchObject({ state: 'pending', waiting_for_open: true, code: 'AAPL' });
      const usdOrders = await openPositions(j, 'usd', 'orders');
      const waitingItem = usdOrders
        .getByRole('list', { name: t.trade('trade.orders.pending') })
        .getByRole('listitem')
        .filter({ hasText: waitingOrder });
      await waitingItem.getByText(t.trade('orderInfo.waiting'), { exact: true }).waitFor();
      await expect(waitingItem.innerText()).resolves.toContain(t.trade('trade.state.pending'));
      await j.shot('off-hours-waiting-listed');

      // Shanghai's morning: a China position bought today cannot be closed (T+1).
      await moveClock(server.baseUrl, { to: SHANGHAI_MORNING });
      await openStock(j, '601398', 'cny');
      await f.open('long');
      await f.form.getByText(t.trade('trade.status.openShort'), { exact: true }).waitFor({ timeout: 20_000 });
      await f.quantity.fill('100');
      await j.shot('china-form');
      await placeOrder(j, investor, 'cny', 'long', 'long-601398');
      const cny = await openPositions(j, 'cny');
      const chinaItem = cny
        .getByRole('list', { name: t.trade('positions.kind.holdings') })
        .getByRole('listitem')
        .first();
      await chinaItem.waitFor();
      // The list offers no Close the server would refuse: it says from when the position can be
      // closed (the server's date), and the server refuses a close sent straight to it.
      const chinaId = /[?&]id=(\d+)/.exec(String(await chinaItem.getByRole('link').first().getAttribute('href')))![1]!;
      const chinaHoldings = (await call(server.baseUrl, investor, '/trade/userstocklist', { type: 'cny' })) as {
        list: Record<string, { closable_from: string | null; closable: boolean }>;
      };
      const closableFrom = chinaHoldings.list[chinaId]!;
      expect(closableFrom.closable).toBe(false);
      await chinaItem
        .getByText(t.trade('positions.detail.closableFrom', { date: closableFrom.closable_from! }), { exact: true })
        .waitFor();
      expect(await chinaItem.getByRole('button').count()).toBe(0);
      await j.shot('t-plus-one-closable-from');
      await expect(refusedBy(server.baseUrl, investor, '/trade/close', { id: chinaId })).resolves.toMatchObject({
        msg: 't1_cannot_sell',
        values: { date: closableFrom.closable_from },
      });

      // New York's morning: the order that waited filled at the session's opening price (the matcher ran when the
      // clock passed the open).
      await moveClock(server.baseUrl, { to: NEW_YORK_MORNING });
      const aapl = await quoteOf(server.baseUrl, investor, 'AAPL', 'usd');
      const opened = await eventually('the waiting order to fill', async () =>
        (await ordersOf(server.baseUrl, investor, 'usd', 'all')).find(
          (o) => o.order_no === waitingOrder && o.state === 'holding',
        ),
      );
      expect(opened).toMatchObject({ waiting_for_open: false, buy_price: aapl.open });

      // Sell AAPL short (the disclosure was accepted once already): Sell opens the sheet preset to short.
      await openStock(j, 'AAPL', 'usd');
      await f.open('short');
      await f.form.getByText(t.trade('trade.status.openShort'), { exact: true }).waitFor({ timeout: 20_000 });
      await expect(f.form.getByRole('radio', { name: t.trade('trade.short'), exact: true }).isChecked()).resolves.toBe(
        true,
      );
      await f.quantity.fill('2');
      await j.shot('short-form');
      await placeOrder(j, investor, 'usd', 'short', 'short-aapl');
      const usd = await openPositions(j, 'usd');
      const shortItem = usd
        .getByRole('list', { name: t.trade('positions.kind.holdings') })
        .getByRole('listitem')
        .filter({ hasText: 'Apple' })
        .filter({ hasText: t.trade('positions.direction.short') });
      await shortItem.waitFor();
      await expect(shortItem.innerText()).resolves.toContain(t.trade('positions.direction.short'));
      await j.shot('position-short');

      expect({ 'Chinese/Japanese text in English mode': j.cjk }).toEqual({
        'Chinese/Japanese text in English mode': {},
      });
    },
    'trading-us',
  );
}

describe('the trade screens in Chinese and Japanese', () => {
  beforeAll(async () => {
    await moveClock(server.baseUrl, { to: NEXT_TOKYO_MORNING });
  });

  test.each(['cn', 'jp'] as const)(
    'a funded investor (%s) buys 7203 at 5× and sees the position, its detail and the orders, also at 360 px',
    async (language) => {
      await runMoneyJourney(
        browser,
        server.baseUrl,
        language,
        async (j) => {
          const { page, t } = j;
          const { investor } = await fundInvestor(server, j.account, j.password, files, {
            deposit: 300_000,
            toUsd: 10_000,
            toCny: 10_000,
          });
          await storeSession(page, investor, language);
          await page.goto('/#/home/index');
          await expectScreen(page, '/home/index');

          await openStock(j, '7203', 'jpy');
          const f = tradeForm(j);
          await f.open('long');
          await f.form.getByText(t.trade('trade.status.openShort'), { exact: true }).waitFor();
          await f.quantity.fill('100');
          await f.choose(t.trade('trade.multiple', { value: 5 }));
          await eventually('an estimate', async () =>
            /\d/.test(await figure(f.form, t.trade('trade.total')).innerText()),
          );
          await f.submit('long').scrollIntoViewIfNeeded();
          await j.shot('trade-form-5x');
          const orderNo = await placeOrder(j, investor, 'jpy', 'long', 'long-7203', true);

          await page.setViewportSize(NARROW);
          const scope = await openPositions(j, 'jpy');
          const item = scope
            .getByRole('list', { name: t.trade('positions.kind.holdings') })
            .getByRole('listitem')
            .first();
          await item.waitFor();
          await expect(item.innerText()).resolves.toContain(t.trade('positions.status.holding'));
          await j.shot('positions-360');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);

          await item.getByRole('link').first().click();
          await eventually('#/position/info', async () => (await hashPath(page)) === '/position/info');
          await expectScreen(page, '/position/info');
          await remoteScope(page, 'mf_trade').getByText(orderNo).waitFor();
          await j.shot('position-detail-360');
          expect(await valuesOutsideCards(page)).toEqual([]);

          await openStock(j, '7203', 'jpy');
          await j.shot('trade-bar-360');
          await f.open('long');
          await f.form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await j.shot('trade-form-360');
          const sheetOverflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(sheetOverflow).toBeLessThanOrEqual(0);
          await f.close();
          await page.setViewportSize({ width: 390, height: 844 });
          const orders = await openPositions(j, 'jpy', 'orders');
          await orders
            .locator('label')
            .filter({ hasText: exactly(t.trade('trade.orders.history')) })
            .click();
          await orders
            .getByRole('list', { name: t.trade('trade.orders.history') })
            .getByRole('listitem')
            .filter({ hasText: orderNo })
            .waitFor();
          await j.shot('orders-history');
        },
        `trading-${language}`,
      );
    },
    300_000,
  );
});
