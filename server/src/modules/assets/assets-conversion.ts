/**
 * The account's total in one display currency (pure). Rule: for every listed currency c,
 *   converted = roundMoney(Σ total_c × rate(c → display), display)      (rate(display → display) = 1)
 * at the exchange module's mid rates (exchange_rates.rate, before any spread: valuing money is not
 * exchanging it). The sum is taken exactly and rounded once, half-even, to the display currency's
 * minor unit (shared/money roundMoney), so the figure never depends on the order of currencies.
 */
import { Decimal, roundMoney, toWire, type Currency } from 'shared/money';
import type { ExchangeRate } from '../exchange/exchange-repository';

export interface ConvertedTotal {
  display: Currency;
  total: string;
  rate_kind: 'mid';
  rates: Array<{ from: Currency; to: Currency; rate: string; updated_at: string }>;
  rates_at: string | null;
}

export function convertTotal(
  currencies: ReadonlyArray<{ currency: Currency; total: string }>,
  display: Currency,
  rates: ReadonlyArray<Pick<ExchangeRate, 'fromCurrency' | 'toCurrency' | 'rate' | 'updatedAt'>>,
): ConvertedTotal {
  let sum = new Decimal(0);
  let latest: Date | null = null;
  const used: ConvertedTotal['rates'] = [];
  for (const { currency, total } of currencies) {
    if (currency === display) {
      sum = sum.plus(total);
      continue;
    }
    const rate = rates.find((r) => r.fromCurrency === currency && r.toCurrency === display);
    // Every pair of the nine currencies is seeded (0003_money.sql) and rows are never deleted.
    if (!rate) throw new Error(`no exchange rate ${currency}→${display}`);
    sum = sum.plus(new Decimal(total).times(rate.rate));
    used.push({ from: currency, to: display, rate: toWire(rate.rate), updated_at: rate.updatedAt.toISOString() });
    if (!latest || rate.updatedAt > latest) latest = rate.updatedAt;
  }
  return {
    display,
    total: toWire(roundMoney(sum, display)),
    rate_kind: 'mid',
    rates: used,
    rates_at: latest ? latest.toISOString() : null,
  };
}
