/**
 * The price-alerts job of the job runner (modules/jobs; plugins/jobs.ts): every pass it quotes the stocks that active
 * alerts watch from the market data (the simulator's live quotes), fires in one transaction every alert they cross
 * (alerts-repository.ts `fireCrossed`: rows claimed FOR UPDATE SKIP LOCKED, a conditional UPDATE … WHERE status =
 * 'active'), stores each one's inbox message in that transaction (a fired alert and its message commit together),
 * and after the commit pushes each to the user's open stream sockets (alerts-signal.ts). So each alert fires exactly
 * once however many instances run the job.
 */
import { alertThresholdText, type AlertFired } from 'shared/contract';
import { MARKET_CURRENCY, formatMoney } from 'shared/money';
import type { Database } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import type { Job } from '../jobs/job-runner';
import type { MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { fireCrossed, watchedStocks, type AlertRow, type QuotePoint } from './alerts-repository';
import { plainDecimal } from './alerts-service';
import { signalAlertFired } from './alerts-signal';

type Provider = Pick<MarketDataProvider, 'quote'>;

function firedAlert(row: AlertRow, provider: Provider): AlertFired {
  const quote = provider.quote(row.market, row.code, 'en');
  const names = quote?.names ?? { 'zh-CN': row.code, en: row.code, ja: row.code };
  return {
    id: Number(row.id),
    market: row.market,
    code: row.code,
    names,
    kind: row.kind,
    threshold: plainDecimal(row.threshold),
    currency: MARKET_CURRENCY[row.market],
    price: plainDecimal(row.firedPrice ?? '0'),
    change_ratio: plainDecimal(row.firedChange ?? '0'),
    fired_at: new Date(row.firedAt ?? 0).toISOString(),
  };
}

/** The inbox message's values: the name in each language (each text uses its own), the price and the change. */
function inboxValues(alert: AlertFired): Record<string, string> {
  const change = alert.change_ratio.startsWith('-') ? alert.change_ratio : `+${alert.change_ratio}`;
  return {
    name_zh: alert.names['zh-CN'],
    name_en: alert.names.en,
    name_ja: alert.names.ja,
    code: alert.code,
    // grouped with 2 decimals, as the stock page shows the price ("2,449.00"); a percent threshold as set
    price: formatMoney(alert.price),
    currency: alert.currency,
    threshold: alertThresholdText(alert.kind, alert.threshold),
    change,
  };
}

/** Evaluates every active alert at `at`; answers how many fired. */
export async function evaluateAlerts(db: Database, provider: Provider, at: Date): Promise<number> {
  const stocks = await db.tx((tx) => watchedStocks(tx), { readOnly: true });
  const quotes: QuotePoint[] = [];
  for (const stock of stocks) {
    const quote = provider.quote(stock.market as MarketId, stock.code, 'en');
    if (quote) quotes.push({ market: quote.market, code: quote.code, price: quote.price, ratio: quote.change_ratio });
  }
  if (quotes.length === 0) return 0;
  const fired = await db.tx(async (tx) => {
    const rows = await fireCrossed(tx, quotes, at);
    const alerts: Array<{ userId: bigint; alert: AlertFired }> = [];
    for (const row of rows) {
      const alert = firedAlert(row, provider);
      await notify(tx, BigInt(row.userId), { key: `alert_${row.kind}`, values: inboxValues(alert) }, at);
      alerts.push({ userId: BigInt(row.userId), alert });
    }
    return alerts;
  });
  for (const { userId, alert } of fired) signalAlertFired(userId, alert);
  return fired.length;
}

export function alertJobs(db: Database, provider: Provider): Job[] {
  return [{ name: 'alerts:evaluate', run: (at) => evaluateAlerts(db, provider, at) }];
}
