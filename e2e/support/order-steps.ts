/**
 * Steps of the order journeys (issue 13: an order placed at the lunch break, stop and OCO orders): the stock
 * page's trade sheet with its advanced fields, placing what it holds (risk disclosure, confirmation, toast), the
 * orders list of /position/index (pending and history, one order's item), the server's view of one order
 * (/trade/orders) and of the JPY balance (/user/assets), and moving the test clock a minute at a time until the
 * server says an order changed.
 */
import type { Locator } from 'playwright-core';
import type { TradePosition } from 'shared/contract';
import { eventually, remoteScope, settle } from './app';
import { go, templatePattern } from './broker-steps';
import { valueOf } from './ipo-steps';
import { exactly, type MoneyJourney } from './money-journey';
import { call, moveClock, newOrderOf, orderNumbers, type Investor } from './trading';

export type Side = 'long' | 'short';

/**
 * The trade sheet of the stock page: the Buy / Sell bar (a group named like the form) opens the form in a bottom
 * sheet (a dialog) preset to that side; its fields and segmented choices by their translated names.
 */
export function orderSheet(j: MoneyJourney) {
  const { page, t } = j;
  const scope = remoteScope(page, 'mf_trade');
  const bar = scope.getByRole('group', { name: t.trade('trade.title') });
  const sheet = scope.getByRole('dialog', { name: t.trade('trade.title') });
  const form = sheet.getByRole('form', { name: t.trade('trade.title') });
  return {
    bar,
    sheet,
    form,
    open: async (side: Side) => {
      await bar.getByRole('button', { name: exactly(t.trade(side === 'long' ? 'trade.long' : 'trade.short')) }).click();
      await form.waitFor();
    },
    quantity: form.getByLabel(t.trade('trade.quantity'), { exact: true }),
    price: form.getByLabel(t.trade('trade.price'), { exact: true }),
    trigger: form.getByLabel(t.trade('trade.adv.trigger'), { exact: true }),
    /** Segmented choices are radios inside labels: tap the label as a finger would. */
    choose: (text: string) =>
      form
        .locator('label')
        .filter({ hasText: exactly(text) })
        .click(),
    submit: (side: Side) =>
      form.getByRole('button', { name: exactly(t.trade(side === 'long' ? 'trade.submitLong' : 'trade.submitShort')) }),
  };
}

/** Opens a stock page of the Tokyo market and waits for its Buy / Sell bar. */
export async function openStock(j: MoneyJourney, code: string): Promise<void> {
  await go(j.page, `/quotes/info?code=${code}&market=jpy`);
  await orderSheet(j).bar.waitFor();
}

/**
 * Places what the sheet holds: submit → the risk disclosure when asked (a short, the first time) → the
 * confirmation, once it shows what the order will freeze (the server's preview, issue 35) → placed: the sheet closes
 * and the result sheet says so (`outcome`: placed, or waiting for the open), then Done. Answers the new order as the
 * server has it, with the frozen figure the confirmation showed (`frozen_shown`, as displayed).
 */
export async function placeFromSheet(
  j: MoneyJourney,
  baseUrl: string,
  who: Investor,
  side: Side,
  shot: string,
  outcome: 'order_placed' | 'order_waiting',
): Promise<TradePosition & { frozen_shown: string }> {
  const { page, t } = j;
  const f = orderSheet(j);
  const before = await orderNumbers(baseUrl, who, 'jpy');
  await f.submit(side).click();
  const accept = page
    .getByRole('alertdialog')
    .getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) });
  const confirm = page.getByRole('alertdialog', { name: t.trade('trade.confirm.title') });
  await accept.or(confirm).first().waitFor();
  if (await accept.isVisible()) {
    await eventually(
      'the risk disclosure text',
      async () => (await page.getByRole('alertdialog').innerText()).length > 200,
    );
    await j.shot(`${shot}-risk-disclosure`);
    await accept.click();
  }
  await confirm.waitFor();
  const frozen = valueOf(confirm, t.trade('trade.hold.frozen'));
  await eventually('the figure the order freezes', async () => /\d/.test(await frozen.innerText()));
  const frozenShown = await frozen.innerText();
  await j.shot(`${shot}-confirm`);
  await confirm
    .getByRole('button', { name: exactly(t.trade(side === 'long' ? 'trade.confirm.okLong' : 'trade.confirm.okShort')) })
    .click();
  await f.sheet.waitFor({ state: 'detached', timeout: 15_000 });
  const placed = await eventually('the new order', async () => newOrderOf(baseUrl, who, 'jpy', before));
  await readPlacedResult(j, placed!.order_no, outcome, `${shot}-placed`);
  return { ...(await orderOf(baseUrl, who, placed!.order_no)), frozen_shown: frozenShown };
}

/**
 * After an order was placed (issue 35): the result sheet titled with the server's message (order_placed) shows its
 * order number and, for an order waiting for the open, says so (order_waiting); screenshot `shot`, then Done.
 */
export async function readPlacedResult(
  j: MoneyJourney,
  orderNo: string,
  outcome: 'order_placed' | 'order_waiting',
  shot: string,
): Promise<void> {
  const { page, t } = j;
  const result = page.getByRole('dialog', { name: t.msg('order_placed') });
  await result.waitFor({ timeout: 15_000 });
  await result.getByText(orderNo, { exact: true }).waitFor();
  if (outcome === 'order_waiting') await result.getByText(templatePattern(t.msg('order_waiting'))).waitFor();
  await j.shot(shot);
  await result.getByRole('button', { name: exactly(t.common('done')) }).click();
  await result.waitFor({ state: 'detached' });
}

/** The investor's order `orderNo` as /trade/orders answers it (every field of issue 13). */
export async function orderOf(baseUrl: string, who: Investor, orderNo: string): Promise<TradePosition> {
  const data = (await call(baseUrl, who, '/trade/orders', { market: 'jpy', status: 'all', lang: 'us' })) as {
    list: TradePosition[];
  };
  const order = data.list.find((o) => o.order_no === orderNo);
  if (!order) throw new Error(`/trade/orders has no ${orderNo}`);
  return order;
}

/** The investor's number of JPY orders and positions of every state (nothing more appears behind the screen). */
export async function orderCount(baseUrl: string, who: Investor): Promise<number> {
  return (await orderNumbers(baseUrl, who, 'jpy')).size;
}

/**
 * Moves the test clock a minute at a time (the matcher runs after each move) until `done` holds for order
 * `orderNo`, at most `minutes` times; answers the order then. Throws with the last state when it never does.
 */
export async function clockUntil(
  baseUrl: string,
  who: Investor,
  orderNo: string,
  what: string,
  done: (order: TradePosition) => boolean,
  minutes = 120,
): Promise<TradePosition> {
  let order = await orderOf(baseUrl, who, orderNo);
  for (let minute = 0; minute < minutes && !done(order); minute += 1) {
    await moveClock(baseUrl, { advance_ms: 60_000 });
    order = await orderOf(baseUrl, who, orderNo);
  }
  if (!done(order)) throw new Error(`${what}: not after ${minutes} minutes: ${JSON.stringify(order)}`);
  return order;
}

/**
 * The orders list of /position/index (Tokyo): its Pending / History choice and one order's item in either list.
 * The pending list polls the server, the history is read when shown.
 */
export async function ordersScreen(j: MoneyJourney) {
  const { page, t } = j;
  await go(page, '/position/index?market=jpy&tab=orders');
  await settle(page);
  const scope = remoteScope(page, 'mf_trade');
  const list = (view: 'pending' | 'history') => scope.getByRole('list', { name: t.trade(`trade.orders.${view}`) });
  const show = async (view: 'pending' | 'history') => {
    await scope
      .locator('label')
      .filter({ hasText: exactly(t.trade(`trade.orders.${view}`)) })
      .click();
    await list(view)
      .or(scope.getByText(t.trade(`trade.orders.empty${view === 'pending' ? 'Pending' : 'History'}`)))
      .first()
      .waitFor();
  };
  return {
    scope,
    show,
    item: (view: 'pending' | 'history', orderNo: string): Locator =>
      list(view).getByRole('listitem').filter({ hasText: orderNo }),
  };
}
