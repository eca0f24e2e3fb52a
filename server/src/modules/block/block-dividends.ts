/**
 * Dividends of dividend blocks (docs/decisions/0017-block-trades.md): after the end of the record
 * date (market-local midnight), each approved application whose holding was open at that instant is
 * paid dividend per share × shares from the house 'dividends' account, in one balanced journal
 * transaction with an inbox message; a holding closed before it is marked paid 0. Each application is
 * claimed with `UPDATE … WHERE dividend_paid_at IS NULL`, so two servers (or a timer and a test)
 * never pay twice. The per-share figure is the issuer's declared dividend (declared_dividends),
 * never typed on a listing.
 */
import { Decimal, roundMoney } from 'shared/money';
import type { Database } from '../../db/database';
import type { Job } from '../jobs/job-runner';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { dayOfDate, localToUtc } from '../market/calendar';
import { formatAmount, wire } from '../wire/wire';
import { houseAccount } from './block-repository';
import { claimDividend, dividendsDue, heldAt, type DividendDue } from './block-listings-repository';

/** The instant the record date ends in its market (holders at that instant are paid). */
export function recordDateEnd(market: DividendDue['market'], recordDate: string): Date {
  const day = dayOfDate(recordDate);
  return new Date(localToUtc(market, day + 1, 0));
}

/** Pays every due dividend; answers how many applications were paid (more than 0). */
export async function payDueDividends(db: Database, now: Date): Promise<number> {
  // Record dates up to tomorrow (UTC) may have ended in a market ahead of UTC; each is checked exactly.
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const due = await db.tx((tx) => dividendsDue(tx, horizon), { readOnly: true });
  let paid = 0;
  for (const item of due) {
    const end = recordDateEnd(item.market, item.recordDate);
    if (end.getTime() > now.getTime()) continue;
    const done = await moneyTx(db, async (tx) => {
      const accounts = await lockUserAccounts(tx, item.userId, [item.currency]);
      const amount = (await heldAt(tx, item.positionId, end))
        ? roundMoney(new Decimal(item.dividendPerShare).times(item.shares), item.currency)
        : new Decimal(0);
      if (!(await claimDividend(tx, item.id, amount.toFixed(), now))) return false;
      if (amount.isZero()) return false;
      await postTransaction(tx, {
        kind: 'dividend',
        reference: item.orderNo,
        memo:
          `dividend ${item.code} ×${wire(item.shares)} @ ${wire(item.dividendPerShare)} ` +
          `(record date ${item.recordDate})`,
        at: now,
        entries: [
          {
            accountId: await houseAccount(tx, 'dividends', item.currency),
            currency: item.currency,
            amount: amount.negated().toFixed(),
          },
          { accountId: accounts.get(item.currency)!.id, currency: item.currency, amount: amount.toFixed() },
        ],
      });
      await notify(
        tx,
        item.userId,
        {
          key: 'block_dividend',
          values: {
            code: item.code,
            shares: wire(item.shares),
            record_date: item.recordDate,
            per_share: wire(item.dividendPerShare),
            amount: formatAmount(amount, item.currency),
          },
        },
        now,
      );
      return true;
    });
    if (done) paid += 1;
  }
  return paid;
}

/** The background job (plugins/jobs.ts): every pass pays the dividends due at the app clock. */
export function blockJobs(db: Database): Job[] {
  return [{ name: 'block-trades:dividends', run: (at) => payDueDividends(db, at) }];
}
