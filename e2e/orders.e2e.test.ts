/**
 * Acceptance of issue 13's orders (docs/decisions/0024-orders-outside-hours.md; the rules in the header of
 * shared/src/contract/areas/trade-orders.ts), on a server of its own whose test clock starts on Tuesday 24 November
 * 2026 at 11:35 in Tokyo (its lunch break) and only moves forward (POST /api/vue/test/clock: each move runs the
 * matcher). Each language has its own Tokyo trading day (cn the 24th, us the 25th, jp the 26th), and each journey a
 * fresh investor verified and funded through the API and the back office; everything the investor does goes through
 * the stock page's trade sheet and the orders list at 390×844, and every figure is checked against the server's own
 * answers (/stock/detail, /trade/orders, /user/assets), never hard-coded:
 *   orders-lunch-<lang>  at 11:35 (lunch) a limit sell one tick above the price → accepted, waiting for the open
 *                        (toast, chip), its margin and fee held → the clock passes 12:30, minute by minute until the
 *                        price reaches the limit → filled at no less than the limit, listed in the history and held;
 *                        the hold became the margin, only the fee left the balance.
 *   orders-stop-<lang>   at 13:25 a stop buy (market) three ticks above the price → pending, not triggered → the clock
 *                        moves until the price reaches the trigger → triggered and filled at no less than it.
 *   orders-oco-<lang>    at 13:40 an OCO buy: a limit leg three ticks below the price, a stop leg three above → the
 *                        clock moves until one leg acts → filled by it (its leg named), the other cancelled: the order
 *                        can neither be cancelled nor changed, and when the price later reaches the other leg nothing
 *                        moves (the same fill, no new order, the same balance).
 * In English no Chinese or Japanese text is left on any screen. Screenshots under e2e/artifacts/orders-*.
 */
import type { Browser, Locator } from 'playwright-core';
import type { TradePosition } from 'shared/contract';
import { Decimal, parseFormatted } from 'shared/money';
import { eventually, expectScreen, remoteScope, storeSession } from './support/app';
import { centre, clockAtLeast, go, jpyOf, shown, templatePattern } from './support/broker-steps';
import { ledgerRecords, tokyo, valueOf } from './support/ipo-steps';
import { launchBrowser } from './support/journey';
import {
  exactly,
  runMoneyJourney,
  writeUploadFiles,
  type LanguageCode,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';
import {
  clockUntil,
  openStock,
  orderCount,
  orderOf,
  orderSheet,
  ordersScreen,
  placeFromSheet,
} from './support/order-steps';
import { fundInvestor, moveClock, quoteOf, refusedBy, ticksBelow, type Investor } from './support/trading';

const LANGUAGES = ['cn', 'us', 'jp'] as const;
/** Each language's Tokyo trading day (the clock only moves forward; the lunch journey needs a lunch break). */
const DAY = { cn: '2026-11-24', us: '2026-11-25', jp: '2026-11-26' } as const;
/**
 * Tokyo wall times of the journeys on that day. The price path is deterministic per clock (and the clock runs at
 * real speed between moves): at these times a trigger three ticks away is not reached while the investor composes
 * the order, and is within minutes afterwards, on each of the three days.
 */
const AT = { lunch: '11:35', afternoonOpen: '12:30', stop: '13:25', oco: '13:40' } as const;
const STOCK = '7203';
const QUANTITY = '10';

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;

beforeAll(async () => {
  server = await startMoneyServer({
    clockStart: tokyo(`${DAY.cn}T${AT.lunch}`),
    logName: 'server-orders.log',
    startTimeoutMs: 240_000,
  });
  browser = await launchBrowser();
  files = writeUploadFiles();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
}, 60_000);

/** A journey of a fresh verified investor with JPY, logged in on the home screen, the clock at `at` or later. */
function orderJourney(
  name: string,
  language: LanguageCode,
  at: string,
  body: (j: MoneyJourney, investor: Investor) => Promise<void>,
): Promise<void> {
  return runMoneyJourney(
    browser,
    server.baseUrl,
    language,
    async (j) => {
      const { investor } = await fundInvestor(server, j.account, j.password, files, {
        deposit: 500_000,
        toUsd: 10_000,
        toCny: 10_000,
      });
      await clockAtLeast(server.baseUrl, tokyo(`${DAY[language]}T${at}`));
      await storeSession(j.page, investor, language);
      await j.page.goto('/#/home/index');
      await expectScreen(j.page, '/home/index');
      await body(j, investor);
      if (language === 'us') expect(j.cjk).toEqual({});
    },
    `orders-${name}-${language}`,
  );
}

/** Two decimal strings of the same value ("2461" and "2461.0"). */
const same = (a: string | null, b: string) => a !== null && new Decimal(a).eq(b);

/** The margin and fee an order holds while pending (its `margin` + `fee`). */
const heldBy = (order: TradePosition) => new Decimal(order.margin).plus(order.fee);

/** Issue 35 (severity 1): the confirmation showed what the order then froze ("303,252.00 JPY" for 303252). */
const expectShownHeld = (order: TradePosition & { frozen_shown: string }) =>
  expect(parseFormatted(order.frozen_shown.replace(/[A-Z]{3}/, '').trim())?.toFixed()).toBe(heldBy(order).toFixed());

/** Brings an order's item to the middle of the screen and waits until its text has every one of `texts`. */
async function itemShows(item: Locator, texts: string[]) {
  await item.waitFor();
  await eventually(`the order's item to show ${JSON.stringify(texts)}`, async () => {
    const text = await item.innerText();
    return texts.every((s) => text.includes(s));
  });
  await centre(item);
}

describe.each(LANGUAGES)('orders (%s)', (language) => {
  test('a limit order placed at the lunch break waits for the open and fills once the price reaches it', async () => {
    await orderJourney('lunch', language, AT.lunch, async (j, investor) => {
      const { t } = j;
      const base = server.baseUrl;
      const quote = await quoteOf(base, investor, STOCK, 'jpy');
      expect(quote.status).toBe('lunch');
      const start = await jpyOf(base, investor);

      // The sheet says the market is at lunch and when the order will trade; a limit sell one tick above the price.
      const limit = ticksBelow(quote.price, quote.tick_size, -1);
      await openStock(j, STOCK);
      const f = orderSheet(j);
      await f.open('short');
      await f.form.getByText(t.trade('trade.status.lunchShort'), { exact: true }).waitFor();
      await f.form
        .getByRole('status')
        .filter({ hasText: templatePattern(t.trade('trade.adv.waitLunch').replace(/<\/?when>/g, '')) })
        .waitFor();
      await f.choose(t.trade('trade.adv.type.normal'));
      await f.choose(t.trade('trade.limit'));
      await f.price.fill(limit);
      await f.quantity.fill(QUANTITY);
      await f.choose(t.trade('trade.multiple', { value: 1 }));
      await j.shot('lunch-form');
      const placed = await placeFromSheet(j, base, investor, 'short', 'lunch', 'order_waiting');
      expect(placed).toMatchObject({
        state: 'pending',
        waiting_for_open: true,
        order_type: 'normal',
        price_type: 'limit',
        direction: 'short',
      });
      expect(same(placed.limit_price, limit)).toBe(true);

      // Listed as pending and waiting for the open; its margin and fee are held.
      const orders = await ordersScreen(j);
      const pending = orders.item('pending', placed.order_no);
      await itemShows(pending, [t.trade('orderInfo.waiting'), t.trade('trade.state.pending')]);
      await j.shot('lunch-waiting-listed');
      const held = await jpyOf(base, investor);
      expect(held.available.toFixed()).toBe(start.available.minus(heldBy(placed)).toFixed());
      expect(held.frozen.toFixed()).toBe(start.frozen.plus(heldBy(placed)).toFixed());

      // Past the afternoon open the clock moves until the price reaches the limit: filled at no less than it.
      await moveClock(base, { to: tokyo(`${DAY[language]}T${AT.afternoonOpen}`) });
      const filled = await clockUntil(base, investor, placed.order_no, 'the lunch order to fill', (o) => {
        return o.state !== 'pending';
      });
      expect(filled).toMatchObject({ state: 'holding', waiting_for_open: false });
      expect(new Decimal(filled.buy_price).gte(limit)).toBe(true);
      expect(Date.parse(filled.buy_time!)).toBeGreaterThanOrEqual(Date.parse(tokyo(`${DAY[language]}T12:30`)));
      // The hold became the position's margin at the fill price; only the fee left the balance.
      const after = await jpyOf(base, investor);
      expect(after.frozen.toFixed()).toBe(start.frozen.plus(filled.margin).toFixed());
      expect(after.available.toFixed()).toBe(start.available.minus(filled.margin).minus(filled.fee).toFixed());
      expect(after.available.plus(after.frozen).toFixed()).toBe(
        start.available.plus(start.frozen).minus(filled.fee).toFixed(),
      );

      // The fund records of the order, a statement (ADR 0036): the placement froze the hold and moved no money; the
      // fill paid the fee and left the margin at the fill price frozen (the rest of the hold released).
      const lines = async (type: string) =>
        (await ledgerRecords(base, investor, type))
          .filter((r) => r.order_no === placed.order_no)
          .map((r) => ({ amount: new Decimal(r.amount).toFixed(), frozen: new Decimal(r.frozen).toFixed() }));
      expect({ margin: await lines('margin'), margin_release: await lines('margin_release') }).toEqual({
        margin: [{ amount: '0', frozen: heldBy(placed).toFixed() }],
        margin_release: [
          {
            amount: new Decimal(filled.fee).negated().toFixed(),
            frozen: new Decimal(filled.margin).minus(heldBy(placed)).toFixed(),
          },
        ],
      });

      // On screen: gone from the pending list, filled in the history; the position is held.
      await orders.scope.getByText(t.trade('trade.orders.emptyPending')).waitFor({ timeout: 15_000 });
      await orders.show('history');
      const done = orders.item('history', placed.order_no);
      await itemShows(done, [t.trade('trade.state.holding')]);
      await expect(done.innerText()).resolves.not.toContain(t.trade('orderInfo.waiting'));
      await j.shot('lunch-filled-history');
      await go(j.page, '/position/index?market=jpy&tab=holdings');
      const holding = remoteScope(j.page, 'mf_trade')
        .getByRole('list', { name: t.trade('positions.kind.holdings') })
        .getByRole('listitem')
        .filter({ has: j.page.locator(`a[href*="id=${filled.id}"]`) });
      await holding.waitFor();
      await centre(holding);
      await j.shot('lunch-position-held');
    });
  }, 600_000);

  test('a stop order triggers when the price reaches it and fills', async () => {
    await orderJourney('stop', language, AT.stop, async (j, investor) => {
      const { t } = j;
      const base = server.baseUrl;
      const quote = await quoteOf(base, investor, STOCK, 'jpy');
      expect(quote.status).toBe('open');
      const trigger = ticksBelow(quote.price, quote.tick_size, -3);

      await openStock(j, STOCK);
      const f = orderSheet(j);
      await f.open('long');
      await f.choose(t.trade('trade.adv.type.stop'));
      await f.choose(t.trade('trade.market'));
      await f.trigger.fill(trigger);
      await f.quantity.fill(QUANTITY);
      await f.choose(t.trade('trade.multiple', { value: 1 }));
      await centre(f.trigger);
      await j.shot('stop-form');
      const placed = await placeFromSheet(j, base, investor, 'long', 'stop', 'order_placed');
      expectShownHeld(placed);
      expect(placed).toMatchObject({
        state: 'pending',
        order_type: 'stop',
        price_type: 'market',
        triggered_at: null,
      });
      expect(same(placed.trigger_price, trigger)).toBe(true);

      const orders = await ordersScreen(j);
      const pending = orders.item('pending', placed.order_no);
      await itemShows(pending, [t.trade('trade.adv.type.stop'), t.trade('orderInfo.untriggered')]);
      await expect(valueOf(pending, t.trade('trade.adv.trigger')).innerText()).resolves.toContain(shown(trigger));
      await j.shot('stop-pending-untriggered');

      const filled = await clockUntil(base, investor, placed.order_no, 'the stop to trigger', (o) => {
        return o.state !== 'pending';
      });
      expect(filled).toMatchObject({ state: 'holding', order_type: 'stop' });
      expect(filled.triggered_at).toBeTruthy();
      expect(Date.parse(filled.triggered_at!)).toBeLessThanOrEqual(Date.parse(filled.buy_time!));
      expect(new Decimal(filled.buy_price).gte(trigger)).toBe(true);
      const funds = await jpyOf(base, investor);
      expect(funds.frozen.toFixed()).toBe(new Decimal(filled.margin).toFixed());

      await orders.scope.getByText(t.trade('trade.orders.emptyPending')).waitFor({ timeout: 15_000 });
      await orders.show('history');
      const done = orders.item('history', placed.order_no);
      await itemShows(done, [t.trade('trade.state.holding'), t.trade('orderInfo.triggered')]);
      await expect(done.innerText()).resolves.not.toContain(t.trade('orderInfo.untriggered'));
      await j.shot('stop-triggered-filled');
    });
  }, 600_000);

  test('an OCO order fills by one leg, cancels the other and cannot act again', async () => {
    await orderJourney('oco', language, AT.oco, async (j, investor) => {
      const { t, page } = j;
      const base = server.baseUrl;
      const quote = await quoteOf(base, investor, STOCK, 'jpy');
      expect(quote.status).toBe('open');
      const limit = ticksBelow(quote.price, quote.tick_size, 3);
      const trigger = ticksBelow(quote.price, quote.tick_size, -3);

      await openStock(j, STOCK);
      const f = orderSheet(j);
      await f.open('long');
      await f.choose(t.trade('trade.adv.type.oco'));
      // An OCO's limit leg has a price: the market choice is disabled.
      await expect(f.form.getByRole('radio', { name: exactly(t.trade('trade.market')) }).isDisabled()).resolves.toBe(
        true,
      );
      await f.choose(t.trade('trade.limit'));
      await f.price.fill(limit);
      await f.trigger.fill(trigger);
      await f.quantity.fill(QUANTITY);
      await f.choose(t.trade('trade.multiple', { value: 1 }));
      await centre(f.trigger);
      await j.shot('oco-form');
      const placed = await placeFromSheet(j, base, investor, 'long', 'oco', 'order_placed');
      expectShownHeld(placed);
      expect(placed).toMatchObject({
        state: 'pending',
        order_type: 'oco',
        price_type: 'limit',
        filled_leg: null,
      });
      expect([same(placed.limit_price, limit), same(placed.trigger_price, trigger)]).toEqual([true, true]);

      const orders = await ordersScreen(j);
      const pending = orders.item('pending', placed.order_no);
      await itemShows(pending, [t.trade('trade.adv.type.oco'), t.trade('orderInfo.untriggered')]);
      await j.shot('oco-pending');

      const filled = await clockUntil(base, investor, placed.order_no, 'one OCO leg to act', (o) => {
        return o.state !== 'pending';
      });
      expect(filled.state).toBe('holding');
      const leg = filled.filled_leg;
      if (leg === 'limit') expect(same(filled.buy_price, limit)).toBe(true);
      else if (leg === 'stop') expect(new Decimal(filled.buy_price).gte(trigger)).toBe(true);
      else throw new Error(`an OCO filled without its leg: ${JSON.stringify(filled)}`);

      await orders.scope.getByText(t.trade('trade.orders.emptyPending')).waitFor({ timeout: 15_000 });
      await orders.show('history');
      const done = orders.item('history', placed.order_no);
      await itemShows(done, [t.trade('trade.state.holding'), t.trade(`orderInfo.leg.${leg}`)]);
      await expect(valueOf(done, t.trade('orderInfo.ocoResult')).innerText()).resolves.toBe(
        t.trade(`orderInfo.leg.${leg}`),
      );
      // A filled order offers neither Change nor Cancel; the server refuses both.
      await expect(done.getByRole('button').count()).resolves.toBe(0);
      await j.shot('oco-filled-leg');
      const cancel = await refusedBy(base, investor, '/trade/cancel', { id: String(filled.id) });
      const modify = await refusedBy(base, investor, '/trade/modify', { id: String(filled.id), price: limit });
      // (/trade/cancel answers a cancel of an order no longer pending as it always has: order_not_holding.)
      expect([cancel.msg, modify.msg]).toEqual(['order_not_holding', 'order_not_pending']);

      // The other leg is cancelled: when the price reaches it later, nothing moves.
      const funds = await jpyOf(base, investor);
      const count = await orderCount(base, investor);
      const otherReached = (price: string) =>
        leg === 'limit' ? new Decimal(price).gte(trigger) : new Decimal(price).lte(limit);
      for (let minute = 0; minute < 60; minute += 1) {
        if (otherReached((await quoteOf(base, investor, STOCK, 'jpy')).price)) break;
        await moveClock(base, { advance_ms: 60_000 });
      }
      expect(await orderOf(base, investor, placed.order_no)).toMatchObject({
        state: 'holding',
        filled_leg: leg,
        buy_price: filled.buy_price,
        margin: filled.margin,
        fee: filled.fee,
      });
      await expect(orderCount(base, investor)).resolves.toBe(count);
      const later = await jpyOf(base, investor);
      expect([later.available.toFixed(), later.frozen.toFixed()]).toEqual([
        funds.available.toFixed(),
        funds.frozen.toFixed(),
      ]);
      await page.reload();
      const again = await ordersScreen(j);
      await again.show('history');
      await itemShows(again.item('history', placed.order_no), [t.trade(`orderInfo.leg.${leg}`)]);
      await j.shot('oco-after-other-leg');
    });
  }, 600_000);
});
