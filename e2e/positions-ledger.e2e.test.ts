/**
 * Issue 35 "every money figure matches what the ledger does" on the positions screens, in the three languages, on a
 * server of its own whose test clock starts on Tuesday 24 November 2026 at 10:00 in Tokyo: an investor funded through
 * the API (a 500,000 JPY deposit and two exchanges) holds a 1× buy (cash) and a 2× buy of 7203 (placed through the
 * API). On the screens: the 1× holding reads "Cash", shows no liquidation and its detail offers no Add margin; the 2×
 * one adds margin after a confirmation with the figures and a result sheet with the server's answer (margin_added),
 * and closes with the server's sell_success in a result sheet; the ended list shows its P&L after fees; the portfolio
 * shows performance net of the deposit (time-weighted, said on the screen) and the balances apart.
 * Screenshots at 390×844 under e2e/artifacts/positions-ledger-<language>/.
 */
import type { Browser, Page } from 'playwright-core';
import { eventually, expectScreen, remoteScope, settle, storeSession } from './support/app';
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
import { call, fundInvestor, moveClock, type Investor } from './support/trading';

/** Tuesday 24 November 2026, 10:00 JST (01:00 UTC): Tokyo open. */
const TOKYO_MORNING = '2026-11-24T01:00:00Z';

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;

beforeAll(async () => {
  server = await startMoneyServer({ clockStart: TOKYO_MORNING, logName: 'server-positions-ledger.log' });
  browser = await launchBrowser();
  files = writeUploadFiles();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
});

/** Opens a route as a link would (a hash change), and waits for its screen. */
async function go(page: Page, route: string): Promise<void> {
  const [path] = route.split('?');
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  await eventually(`#${route}`, async () => page.evaluate((r) => location.hash === `#${r}`, route));
  await expectScreen(page, path!);
  await settle(page);
}

/** A market buy of 100 × 7203 at `leverage`, through the API (the ticket is another journey's): its id. */
async function buy(investor: Investor, leverage: number): Promise<number> {
  const placed = (await call(
    server.baseUrl,
    investor,
    '/trade/order',
    { market: 'jpy', code: '7203', side: 'long', price_type: 'market', quantity: '100', leverage: String(leverage) },
    true,
  )) as { id: number };
  return placed.id;
}

async function positionsJourney(j: MoneyJourney): Promise<void> {
  const { page, t } = j;
  const { investor } = await fundInvestor(server, j.account, j.password, files, {
    deposit: 500_000,
    toUsd: 30_000,
    toCny: 30_000,
  });
  const { version } = (await call(server.baseUrl, investor, '/trade/riskDisclosure', { lang: 'us' })) as {
    version: number;
  };
  await call(server.baseUrl, investor, '/trade/riskAck', { version: String(version) });
  const cashId = await buy(investor, 1);
  const gearedId = await buy(investor, 2);
  await moveClock(server.baseUrl, { advance_ms: 60_000 });
  await storeSession(page, investor, j.language);
  await page.goto('/#/home/index');
  await expectScreen(page, '/home/index');
  const scope = remoteScope(page, 'mf_trade');

  // The holdings: the 1× one reads "Cash" and shows no liquidation; the 2× one keeps its maintenance row.
  await go(page, '/position/index?market=jpy&tab=holdings');
  const list = scope.getByRole('list', { name: t.trade('positions.kind.holdings') });
  const cashRow = list.getByRole('listitem').filter({ hasText: t.trade('positions.cash') });
  await cashRow.waitFor();
  await expect(cashRow.count()).resolves.toBe(1);
  expect(await cashRow.innerText()).not.toMatch(/2,\d{3}\.\d{2} JPY/);
  await j.shot('holdings-cash-and-2x');

  // The cash holding's detail: why there is no liquidation price, and no Add margin.
  await go(page, `/position/info?id=${cashId}`);
  await scope.getByText(t.trade('positions.detail.fullyPaid')).waitFor();
  await expect(scope.getByRole('button', { name: exactly(t.trade('positions.margin.add')) }).count()).resolves.toBe(0);
  await j.shot('cash-detail-no-add-margin');

  // The 2× one: Add margin → the confirmation with the figures → the server's answer in the result sheet.
  await go(page, `/position/info?id=${gearedId}`);
  await scope.getByRole('button', { name: exactly(t.trade('positions.margin.add')) }).click();
  const sheet = page.getByRole('dialog', { name: t.trade('positions.margin.sheetTitle') });
  await sheet.getByLabel(t.trade('positions.margin.amount', { currency: 'JPY' })).fill('10000');
  await sheet.getByRole('button', { name: exactly(t.trade('positions.margin.submit')) }).click();
  const confirm = page.getByRole('alertdialog', { name: t.trade('positions.margin.confirmTitle') });
  await confirm.getByText(t.trade('positions.margin.newLiquidation')).waitFor();
  await j.shot('add-margin-confirm');
  await confirm.getByRole('button', { name: t.trade('positions.margin.confirm', { amount: '10,000.00 JPY' }) }).click();
  const added = page.getByRole('dialog', { name: t.msg('margin_added') });
  await added.getByText(t.trade('positions.margin.resultMargin')).waitFor();
  await j.shot('add-margin-result');
  await added.getByRole('button', { name: exactly(t.common('done')) }).click();
  await added.waitFor({ state: 'detached' });

  // Close it: the confirmation, then the server's sell_success in the result sheet (no toast of the screen's own).
  await scope.getByRole('button', { name: exactly(t.trade('positions.close')) }).click();
  const closeSheet = page.getByRole('alertdialog', { name: t.trade('positions.closeTitle') });
  await closeSheet.getByRole('button', { name: exactly(t.trade('positions.closeConfirm')) }).click();
  const sold = page.getByRole('dialog', { name: t.msg('sell_success') });
  await sold.waitFor();
  await j.shot('close-result');
  await sold.getByRole('button', { name: exactly(t.common('done')) }).click();
  await moveClock(server.baseUrl, { advance_ms: 60_000 });

  // Ended: its P&L after fees, the gross figure and the fees beside it.
  await go(page, '/position/index?market=jpy&tab=holdings');
  await scope.getByRole('radio', { name: t.trade('positions.ended') }).click({ force: true });
  await eventually('the closed position after fees', async () =>
    (await list.innerText()).includes(t.trade('positions.afterFees')),
  );
  await j.shot('ended-after-fees');

  // The portfolio: the deposit is no gain; the time-weighted return is named; the balances stand apart.
  await go(page, '/position/portfolio');
  const pnl = page.getByTestId('tr-portfolio-pnl-JPY');
  await pnl.waitFor();
  expect(await pnl.innerText()).not.toMatch(/\+4\d\d,\d{3}/);
  await scope
    .getByRole('heading', { name: t.trade('portfolio.balances') })
    .first()
    .waitFor();
  await page.getByTestId('tr-portfolio-chart-JPY').locator('svg').first().waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('tr-portfolio-twr-JPY').innerText()).toContain(t.trade('portfolio.twr'));
  await j.shot('portfolio');
  if (j.language === 'us') expect(j.cjk).toEqual({});
}

describe('positions and portfolio match the ledger (issue 35)', () => {
  test.each(['us', 'cn', 'jp'] as LanguageCode[])(
    'in %s: cash holding, add margin and close with result sheets, P&L after fees, portfolio net of deposits',
    async (language) => {
      await runMoneyJourney(browser, server.baseUrl, language, positionsJourney, `positions-ledger-${language}`);
    },
    300_000,
  );
});
