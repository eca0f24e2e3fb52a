/**
 * Acceptance of "Day trading" (issue 12, ADR 0019), on a server of its own whose test clock starts on Tuesday
 * 24 November 2026 at 10:00 in Tokyo (the Japanese session open) and is moved by POST /api/vue/test/clock (each
 * move runs the matcher and the due background jobs: the day-trading settlement after the close). Investors are
 * verified, funded and given a fund password through the API and the back office (which has no screens);
 * everything they do goes through the screens at 390×844, and every figure is checked against the server
 * (/daytrade/list, /daytrade/current, /user/assets, /funds/records):
 *   daytrade-cn   Apply tab → a participation below the minimum refused → a valid one → the day-trading risk
 *                 disclosure accepted → submitted, the participation in frozen funds (side panel) → approved by
 *                 the back office → Today shows it applied with the allowance → a market buy within the
 *                 allowance → an order beyond the remaining allowance refused naming it (the server refuses it
 *                 too) → a second position sold short and closed by the investor (its margin back in the
 *                 participation) → a pending limit order cancelled after a confirmation (available and frozen
 *                 unchanged) → the clock passes the close →
 *                 the open position is settled by the job → Records shows filled with the P&L /daytrade/list
 *                 answers, which is Σ realised P&L − fees of the positions → the balance moved by exactly that
 *                 P&L (side panel) → fund records show the participation's hold and release; also at 360 px.
 *   daytrade-us, daytrade-jp   the next trading days: apply → approved → one order → the refusal → the close →
 *                 Records with the settled P&L (no Chinese/Japanese left in English).
 * Screenshots under e2e/artifacts/<journey>/.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import type { DayTrade } from 'shared/contract';
import { Decimal } from 'shared/money';
import { clickTab, eventually, expectScreen, openPanel, settle, storeSession } from './support/app';
import {
  approveDayTrade,
  dayCurrentOf,
  dayScope,
  dayTextsOf,
  dayTradesOf,
  decimalOf,
  jpyBalance,
  messagePattern,
  positionRow,
  todayCard,
  type DayTexts,
} from './support/daytrade-steps';
import { FUND_PASSWORD, go, ledgerRecords, setFundPassword, tokyo, valueOf } from './support/ipo-steps';
import { launchBrowser } from './support/journey';
import {
  exactly,
  panelAssets,
  runMoneyJourney,
  writeUploadFiles,
  type LanguageCode,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';
import { figure, fundsScope, recordRows } from './support/money-steps';
import { sleep } from './support/servers';
import { fundInvestor, moveClock, quoteOf, refusedBy, type Investor } from './support/trading';

/** Each journey's trading day in Tokyo (10:00, the session open) and a moment after its 15:30 close. */
const DAYS: Record<LanguageCode, { open: string; afterClose: string; date: string }> = {
  cn: { open: tokyo('2026-11-24T10:00'), afterClose: tokyo('2026-11-24T15:45'), date: '2026-11-24' },
  us: { open: tokyo('2026-11-25T10:00'), afterClose: tokyo('2026-11-25T15:45'), date: '2026-11-25' },
  jp: { open: tokyo('2026-11-26T10:00'), afterClose: tokyo('2026-11-26T15:45'), date: '2026-11-26' },
};
/** The participation (JPY; the minimum is 100,000) and the allowance it gives at the site's multiple of 5. */
const PARTICIPATION = '200000';
const BELOW_MINIMUM = '50000';
const MULTIPLE = '5';
const NARROW = { width: 360, height: 780 };

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;

beforeAll(async () => {
  server = await startMoneyServer({
    clockStart: DAYS.cn.open,
    logName: 'server-daytrade.log',
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

/** "1234.5" → "1,234.50", as the screens show money. */
const shown = (value: Decimal.Value) =>
  Number(new Decimal(value).toFixed(2)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A journey of a fresh verified investor with ¥480,000 (the deposit maximum less two exchanges) and a fund password,
 * logged in on the home screen.
 */
function dayJourney(
  language: LanguageCode,
  body: (j: MoneyJourney, t: DayTexts, investor: Investor) => Promise<void>,
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
      await setFundPassword(server.baseUrl, investor, j.password);
      await storeSession(j.page, investor, language);
      await j.page.goto('/#/home/index');
      await expectScreen(j.page, '/home/index');
      await body(j, dayTextsOf(language), investor);
      if (language === 'us') expect(j.cjk).toEqual({});
    },
    `daytrade-${language}`,
  );
}

const openTab = (page: Page, tab: 'apply' | 'today' | 'records') => go(page, `/home/withinDays?tab=${tab}`);

/** A server refusal (or the form's own) shown in `scope`, matching `text`. */
const alertShown = (scope: Locator, text: string | RegExp) => scope.getByText(text).first().waitFor();

/**
 * Apply tab: below the minimum refused (by the form and by the server) → a valid participation → the day-trading
 * risk disclosure read and accepted → submitted. Answers the application as /daytrade/list has it.
 */
async function applyForDay(j: MoneyJourney, t: DayTexts, investor: Investor): Promise<DayTrade> {
  const { page } = j;
  await openTab(page, 'apply');
  const form = dayScope(page).getByRole('form', { name: t.day('apply.title') });
  await form.waitFor();
  await form
    .locator('label')
    .filter({ hasText: exactly(t.ct('products.market.jpy')) })
    .click();
  const amount = form.getByLabel(t.day('apply.amountIn', { currency: 'JPY' }), { exact: true });
  const fundPassword = form.getByLabel(t.day('apply.fundPassword'), { exact: true });
  const submit = form.getByRole('button', { name: exactly(t.day('apply.submit')) });
  await settle(page);
  await j.shot('apply-form');

  // Below the minimum: refused under the amount, translated, naming the minimum; the server refuses it too.
  await amount.fill(BELOW_MINIMUM);
  await fundPassword.fill(FUND_PASSWORD);
  await submit.click();
  const minimum = messagePattern(t.msg('day_trade_min_participation'), 'min');
  await alertShown(form, minimum);
  const minShown = (await form.getByText(minimum).first().innerText()).match(minimum)![1]!;
  expect(decimalOf(minShown).toFixed()).toBe('100000');
  await j.shot('apply-below-minimum');
  await expect(
    refusedBy(server.baseUrl, investor, '/daytrade/apply', {
      market: 'jpy',
      amount: BELOW_MINIMUM,
      fund_password: FUND_PASSWORD,
    }),
  ).resolves.toMatchObject({ msg: 'day_trade_min_participation' });

  // A valid participation: the server asks for the day-trading risk disclosure once; accepted, the same
  // application is sent again.
  await amount.fill(PARTICIPATION);
  await eventually('the allowance preview', async () =>
    (await form.innerText()).includes(shown(new Decimal(PARTICIPATION).times(MULTIPLE))),
  );
  await submit.click();
  const risk = page.getByRole('alertdialog');
  const accept = risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) });
  await accept.waitFor();
  await eventually('the risk disclosure text', async () => (await risk.innerText()).length > 200);
  await j.shot('apply-risk-disclosure');
  await accept.click();
  const success = form.getByRole('status').filter({ hasText: /Y\d{6,}/ });
  const tooFrequent = form.getByRole('alert').filter({ hasText: t.msg('too_frequent') });
  const outcome = await eventually('the application submitted', async () => {
    if (await success.isVisible().catch(() => false)) return 'done';
    if (await tooFrequent.isVisible().catch(() => false)) return 'again';
    return undefined;
  });
  if (outcome === 'again') {
    // The money limiter (one application per 2 s) counted the first send: wait it out and send again.
    await sleep(2_500);
    await fundPassword.fill(FUND_PASSWORD);
    await amount.fill(PARTICIPATION);
    await submit.click();
    await success.waitFor();
  }
  const orderNo = (await success.innerText()).match(/Y\d{6,}/)![0];
  await j.shot('apply-submitted');
  const [application] = (await dayTradesOf(server.baseUrl, investor)).filter((d) => d.order_no === orderNo);
  expect(application).toMatchObject({
    status: 'submitted',
    market: 'jpy',
    participation: PARTICIPATION,
    allowance: new Decimal(PARTICIPATION).times(MULTIPLE).toFixed(),
  });
  return application!;
}

/** The side panel's JPY figures: frozen (and its "pending orders" part) and available. */
async function panelJpy(j: MoneyJourney) {
  await clickTab(j.page, '/home/index');
  const panel = await openPanel(j.page);
  const assets = await panelAssets(panel, j.t, 'JPY');
  return {
    panel,
    section: assets.section,
    frozen: figure(assets.section, j.t.common('assets.frozen')),
    available: figure(assets.section, j.t.common('assets.available')),
  };
}

/** Today tab after the approval: applied, the allowance (participation × multiple) all remaining. */
async function seeApproved(j: MoneyJourney, t: DayTexts, application: DayTrade): Promise<Locator> {
  const approved = await approveDayTrade(server, application.order_no);
  expect(approved).toMatchObject({ status: 'applied', remaining: application.allowance });
  await openTab(j.page, 'today');
  const card = todayCard(j.page, t);
  await card.getByText(t.day('state.applied'), { exact: true }).first().waitFor();
  const allowance = valueOf(card, t.day('field.allowanceTimes', { multiple: MULTIPLE }));
  await expect(allowance.innerText()).resolves.toContain(shown(application.allowance));
  await expect(valueOf(card, t.day('field.remaining')).innerText()).resolves.toContain(shown(application.allowance));
  await settle(j.page);
  await j.shot('today-applied');
  return card;
}

/** The Today card's order form: code, side, quantity, sent; answers the new position's order number. */
async function placeDayOrder(
  j: MoneyJourney,
  t: DayTexts,
  investor: Investor,
  card: Locator,
  order: { side: 'long' | 'short'; quantity: string; shot: string; expectRisk?: boolean; limit?: string },
): Promise<string> {
  const form = card.getByRole('form', { name: t.day('order.title') });
  const before = new Set((await dayCurrentOf(server.baseUrl, investor)).positions.map((p) => p.order_no));
  await form.getByLabel(t.day('order.code'), { exact: true }).fill('7203');
  await eventually('the quote of 7203', async () => /\d/.test(await form.getByTestId('ct-day-quote').innerText()));
  await form
    .locator('label')
    .filter({ hasText: exactly(t.day(order.side === 'long' ? 'order.long' : 'order.short')) })
    .click();
  await form
    .locator('label')
    .filter({ hasText: exactly(t.day(order.limit ? 'order.limit' : 'order.market')) })
    .click();
  if (order.limit) await form.getByRole('textbox', { name: t.day('order.price'), exact: true }).fill(order.limit);
  await form.getByLabel(t.day('order.quantity'), { exact: true }).fill(order.quantity);
  await j.shot(`${order.shot}-form`);
  const submitLabel = exactly(t.day(order.side === 'long' ? 'order.submitLong' : 'order.submitShort'));
  await form.getByRole('button', { name: submitLabel }).click();
  // Confirmed with its figures first (issue 35): nothing is sent before this.
  const confirm = j.page.getByRole('alertdialog', { name: t.day('order.confirm.title') });
  await confirm.waitFor();
  await j.shot(`${order.shot}-confirm`);
  await confirm.getByRole('button', { name: submitLabel }).click();
  await confirm.waitFor({ state: 'hidden' });
  if (order.expectRisk) {
    // A day-trade order is leveraged (the multiple): the leverage risk disclosure, read and accepted once, and the
    // same order is sent again.
    const risk = j.page.getByRole('alertdialog');
    const accept = risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) });
    await accept.waitFor();
    await eventually('the leverage risk disclosure text', async () => (await risk.innerText()).length > 200);
    await j.shot(`${order.shot}-risk-disclosure`);
    await accept.click();
  }
  // The server's answer in the result sheet (order number, fill or limit price, margin, fee, state), then Done.
  const sheet = j.page.getByRole('dialog', { name: t.msg('order_placed') });
  await sheet.waitFor();
  await j.shot(`${order.shot}-result`);
  await sheet.getByRole('button', { name: exactly(t.common('done')) }).click();
  await sheet.waitFor({ state: 'hidden' });
  const orderNo: string = await eventually('the new day-trade position', async () => {
    const now = await dayCurrentOf(server.baseUrl, investor);
    return now.positions.find((p) => !before.has(p.order_no))?.order_no ?? '';
  });
  const row = positionRow(card, t, orderNo);
  const state = order.limit ? 'positions.state.pending' : 'positions.state.holding';
  await row.getByText(t.day(state), { exact: true }).waitFor();
  await row.scrollIntoViewIfNeeded();
  await j.shot(`${order.shot}-placed`);
  return orderNo;
}

/**
 * An order beyond the remaining allowance: refused under the quantity naming the remaining allowance, which is what
 * /daytrade/current answers; the server refuses the same order sent straight to it, and nothing is booked.
 */
async function refuseBeyondAllowance(j: MoneyJourney, t: DayTexts, investor: Investor, card: Locator) {
  const now = await dayCurrentOf(server.baseUrl, investor);
  const application = now.application!;
  const price = new Decimal(now.positions[0]!.nowprice);
  // Well beyond: a move of the price while the form is filled cannot bring it back within.
  const tooMany = new Decimal(application.remaining).dividedBy(price).floor().plus(100).toFixed();
  const form = card.getByRole('form', { name: t.day('order.title') });
  await form.getByLabel(t.day('order.quantity'), { exact: true }).fill(tooMany);
  await form.getByRole('button', { name: exactly(t.day('order.submitLong')) }).click();
  const refusal = messagePattern(t.msg('day_trade_allowance_exceeded'), 'remaining');
  await alertShown(form, refusal);
  const named = (await form.getByText(refusal).first().innerText()).match(refusal)![1]!;
  expect(decimalOf(named).eq(application.remaining)).toBe(true);
  await form.getByText(refusal).first().scrollIntoViewIfNeeded();
  await j.shot('order-beyond-allowance-refused');
  const server_ = await refusedBy(server.baseUrl, investor, '/daytrade/order', {
    id: String(application.id),
    code: '7203',
    side: 'long',
    price_type: 'market',
    quantity: tooMany,
  });
  expect(server_.msg).toBe('day_trade_allowance_exceeded');
  expect(decimalOf(server_.values!.remaining!).eq(application.remaining)).toBe(true);
  expect((await dayCurrentOf(server.baseUrl, investor)).positions).toHaveLength(now.positions.length);
}

/**
 * The clock passes the session's close: the settlement job closes what is open at the day's close and books the
 * day. Answers the settled application, checked against its positions: pnl = Σ realised P&L − Σ fees.
 */
async function settleTheDay(investor: Investor, language: LanguageCode, orderNo: string): Promise<DayTrade> {
  await moveClock(server.baseUrl, { to: DAYS[language].afterClose });
  const found = await eventually('the application settled', async () =>
    (await dayTradesOf(server.baseUrl, investor)).find((d) => d.order_no === orderNo && d.status === 'filled'),
  );
  const settled = found!;
  const day = await dayCurrentOf(server.baseUrl, investor);
  expect(day.application?.order_no).toBe(orderNo);
  // Every position closed (a cancelled order never traded: no P&L, no fee).
  expect(day.positions.every((p) => p.state === 'closed' || p.state === 'cancelled')).toBe(true);
  const closed = day.positions.filter((p) => p.state === 'closed');
  const realised = closed.reduce((s, p) => s.plus(p.yingkui), new Decimal(0));
  const fees = closed.reduce((s, p) => s.plus(p.fee).plus(p.close_fee ?? 0), new Decimal(0));
  expect(settled).toMatchObject({
    realised_pnl: realised.toFixed(),
    fees: fees.toFixed(),
    pnl: realised.minus(fees).toFixed(),
    used: '0',
    remaining: '0',
  });
  return settled;
}

/** Records tab: the settled application, filled, its settled P&L as /daytrade/list answers it. */
async function seeRecords(j: MoneyJourney, t: DayTexts, settled: DayTrade): Promise<void> {
  await openTab(j.page, 'records');
  const row = dayScope(j.page)
    .getByRole('list', { name: t.day('records.title') })
    .getByRole('listitem')
    .filter({ hasText: settled.order_no });
  await row.getByText(t.day('state.filled'), { exact: true }).waitFor();
  const pnl = await valueOf(row, t.day('field.settledPnl')).innerText();
  expect(decimalOf(pnl).eq(settled.pnl)).toBe(true);
  await settle(j.page);
  await j.shot('records-settled');
}

test('a Chinese investor day-trades 7203: apply, approved, within and beyond the allowance, settled', async () => {
  await dayJourney('cn', async (j, t, investor) => {
    const { page } = j;
    const start = await jpyBalance(server.baseUrl, investor);
    const balanceBefore = start.available.plus(start.frozen);
    const application = await applyForDay(j, t, investor);

    // The participation is held: frozen funds (the side panel) show it, as "pending orders".
    const held = await jpyBalance(server.baseUrl, investor);
    expect(held.frozen.toFixed()).toBe(PARTICIPATION);
    let jpy = await panelJpy(j);
    await expect(jpy.frozen.innerText()).resolves.toContain(shown(PARTICIPATION));
    const part = jpy.section.getByRole('list', { name: t.common('assets.frozen') }).getByRole('listitem');
    await expect(part.innerText()).resolves.toContain(t.common('assets.frozenParts.pending_orders'));
    await expect(part.innerText()).resolves.toContain(shown(PARTICIPATION));
    await j.shot('panel-participation-frozen', jpy.panel);
    await page.keyboard.press('Escape');

    const card = await seeApproved(j, t, application);
    const kept = await placeDayOrder(j, t, investor, card, {
      side: 'long',
      quantity: '100',
      shot: 'buy-long',
      expectRisk: true,
    });
    let now = await dayCurrentOf(server.baseUrl, investor);
    expect(now.application).toMatchObject({ status: 'in_trade' });
    await expect(valueOf(card, t.day('field.used')).innerText()).resolves.toContain(shown(now.application!.used));
    await refuseBeyondAllowance(j, t, investor, card);

    // A second position (sold short), closed by the investor at market: the matcher settles it.
    const closedNo = await placeDayOrder(j, t, investor, card, { side: 'short', quantity: '50', shot: 'sell-short' });
    const closing = positionRow(card, t, closedNo);
    // The stock's name as the screen's language names it (the button's accessible name).
    const short = (await dayCurrentOf(server.baseUrl, investor, { lang: 'cn' })).positions.find(
      (p) => p.order_no === closedNo,
    )!;
    const stock = `${short.name} (${short.code})`;
    await closing.getByRole('button', { name: exactly(t.day('positions.closeLabel', { stock })) }).click();
    const sheet = page.getByRole('alertdialog', { name: t.day('positions.closeTitle') });
    await sheet.waitFor();
    await j.shot('close-confirm');
    await sheet.getByRole('button', { name: exactly(t.day('positions.closeConfirm')) }).click();
    // The server's answer in a result sheet (issue 35), then Done.
    const sold = page.getByRole('dialog', { name: t.msg('sell_success') });
    await sold.waitFor();
    await j.shot('close-result');
    await sold.getByRole('button', { name: exactly(t.common('done')) }).click();
    await sold.waitFor({ state: 'hidden' });
    await closing.getByText(t.day('positions.state.closed'), { exact: true }).waitFor({ timeout: 30_000 });
    await expect(positionRow(card, t, kept).innerText()).resolves.toContain(t.day('positions.state.holding'));
    await j.shot('one-closed-one-open');
    // The closed position's margin went back into the participation, not to the available balance.
    await eventually('the participation re-held', async () =>
      (await jpyBalance(server.baseUrl, investor)).frozen.eq(PARTICIPATION),
    );

    // A limit at today's lower limit waits (pending); Cancel, after a confirmation, gives its hold back to the
    // participation: available and frozen do not move.
    const quote = await quoteOf(server.baseUrl, investor, '7203', 'jpy');
    const waitingNo = await placeDayOrder(j, t, investor, card, {
      side: 'long',
      quantity: '10',
      shot: 'limit-pending',
      limit: quote.limit_down!,
    });
    const withPending = await jpyBalance(server.baseUrl, investor);
    const waiting = positionRow(card, t, waitingNo);
    await waiting.getByRole('button', { name: exactly(t.day('positions.cancelLabel', { stock })) }).click();
    const cancelSheet = page.getByRole('alertdialog', { name: t.day('positions.cancelTitle') });
    await cancelSheet.waitFor();
    await j.shot('cancel-confirm');
    await cancelSheet.getByRole('button', { name: exactly(t.day('positions.cancelConfirm')) }).click();
    const cancelled = page.getByRole('dialog', { name: t.msg('order_cancelled') });
    await cancelled.waitFor();
    await j.shot('cancel-result');
    await cancelled.getByRole('button', { name: exactly(t.common('done')) }).click();
    await cancelled.waitFor({ state: 'hidden' });
    await waiting.getByText(t.day('positions.state.cancelled'), { exact: true }).waitFor();
    await expect(waiting.getByRole('button').count()).resolves.toBe(0);
    await j.shot('order-cancelled');
    const afterCancel = await jpyBalance(server.baseUrl, investor);
    expect(afterCancel.available.toFixed()).toBe(withPending.available.toFixed());
    expect(afterCancel.frozen.toFixed()).toBe(PARTICIPATION);

    // Also at 360 px: nothing wider than the phone.
    await page.setViewportSize(NARROW);
    await settle(page);
    await j.shot('today-360');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 390, height: 844 });

    // The close: the job settles the open position at the day's close and books the day.
    const settled = await settleTheDay(investor, 'cn', application.order_no);
    now = await dayCurrentOf(server.baseUrl, investor);
    expect(now.positions.find((p) => p.order_no === kept)?.state).toBe('closed');
    await seeRecords(j, t, settled);

    // The balance moved by exactly the day's P&L, nothing left frozen; the side panel shows it.
    const end = await jpyBalance(server.baseUrl, investor);
    expect(end.frozen.toFixed()).toBe('0');
    expect(end.available.minus(balanceBefore).toFixed()).toBe(new Decimal(settled.pnl).toFixed());
    jpy = await panelJpy(j);
    await eventually('the balance after the settlement', async () =>
      (await jpy.available.innerText()).includes(shown(end.available)),
    );
    await j.shot('panel-balance-settled', jpy.panel);
    await page.keyboard.press('Escape');

    // Fund records, a statement: the day's lines under the application's number (participation, orders, P&L and
    // fees folded in) add up to the day's P&L after fees, and nothing of it stays frozen.
    const ledger = (await ledgerRecords(server.baseUrl, investor, 'day_trade')).filter(
      (r) => r.order_no === application.order_no,
    );
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    expect(ledger.reduce((s, r) => s.plus(r.amount), new Decimal(0)).toFixed()).toBe(
      new Decimal(settled.pnl).toFixed(),
    );
    await clickTab(page, '/mine/transactionRecords');
    const records = fundsScope(page).getByRole('list', { name: t.funds('records.title') });
    const rows = records
      .getByRole('listitem')
      .filter({ hasText: application.order_no })
      .filter({ hasText: t.funds('records.type.day_trade') });
    await eventually('the day-trading lines', async () => (await rows.count()) >= 2);
    // (this investor has one application: every day-trading row is its own) The newest line is the settlement:
    // the last position's P&L after its fee, its releases shown apart, never as income.
    const shownRows = (await recordRows(records)).filter((r) => r.type === t.funds('records.type.day_trade'));
    expect(shown(decimalOf(shownRows[0]!.amount))).toBe(shown(new Decimal(ledger[0]!.amount)));
    expect(await rows.first().innerText()).toContain(t.funds('records.releasedChange'));
    await j.shot('fund-records-day-trade');
  });
}, 600_000);

describe('day trading in English and Japanese', () => {
  test.each(['us', 'jp'] as const)(
    'an investor (%s) applies, is approved, orders, is refused beyond the allowance and sees the settled day',
    async (language) => {
      await moveClock(server.baseUrl, { to: DAYS[language].open });
      await dayJourney(language, async (j, t, investor) => {
        const application = await applyForDay(j, t, investor);
        expect(application.trade_date).toBe(DAYS[language].date);
        const card = await seeApproved(j, t, application);
        await placeDayOrder(j, t, investor, card, {
          side: 'long',
          quantity: '100',
          shot: 'buy-long',
          expectRisk: true,
        });
        await refuseBeyondAllowance(j, t, investor, card);
        await openTab(j.page, 'records');
        const row = dayScope(j.page)
          .getByRole('list', { name: t.day('records.title') })
          .getByRole('listitem')
          .filter({ hasText: application.order_no });
        await row.getByText(t.day('records.pnlPending'), { exact: true }).waitFor();
        await j.shot('records-in-trade');
        const settled = await settleTheDay(investor, language, application.order_no);
        // Today (the tab a user goes back to) shows the day settled, then Records its P&L.
        await openTab(j.page, 'today');
        const dayCard = todayCard(j.page, t);
        await dayCard.getByText(t.day('state.filled'), { exact: true }).first().waitFor();
        await expect(valueOf(dayCard, t.day('field.settledPnl')).innerText()).resolves.toContain(
          shown(new Decimal(settled.pnl).abs()),
        );
        await settle(j.page);
        await j.shot('today-settled');
        await seeRecords(j, t, settled);
      });
    },
    400_000,
  );
});
