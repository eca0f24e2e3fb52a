/**
 * Currency exchange between the nine currencies of spec §9. One journal transaction, two legs
 * through the house `fx` accounts, the spread booked to `revenue` (exchange-math.ts has the
 * rounding rule). Rates are read from `exchange_rates`, edited only by /admin/rate (audited).
 */
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { recordAudit } from '../audit/audit-service';
import { userAmount, iso, wire } from '../wire/wire';
import type { MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { getHouseAccountId, lockUserAccounts, postTransaction, type Posting } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { quoteExchange } from './exchange-math';
import { findRate, insertExchange, listRates, lockRate, updateRate } from './exchange-repository';

/**
 * One exchange in the caller's transaction: the user's two accounts locked, the pair's rate read, the quote checked
 * (a credit too small to book, an overdraft), then one journal entry: the user's debit and credit, the FX house
 * accounts at the mid rate, the spread to revenue; and the exchange's row.
 */
async function postExchange(tx: Tx, at: Date, userId: bigint, input: InputOf<'exchange'>, amount: Decimal) {
  const accounts = await lockUserAccounts(tx, userId, [input.from, input.to]);
  const rate = await findRate(tx, input.from, input.to);
  if (!rate) throw new BusinessError('field_invalid', { field: 'to', values: { field: 'to' } });
  const quote = quoteExchange(amount, input.to, rate.rate, rate.spread);
  if (!quote.credited.isPositive() || quote.credited.isZero())
    throw new BusinessError('exchange_amount_too_small', { field: 'amount' });
  // Checked here for a clear answer; the CHECK constraint refuses an overdraft regardless.
  if (new Decimal(accounts.get(input.from)!.available).lt(amount)) throw new BusinessError('insufficient_balance');
  const orderNo = newOrderNo('X', at);
  const [fxFrom, fxTo, revenue] = [
    await getHouseAccountId(tx, 'fx', input.from),
    await getHouseAccountId(tx, 'fx', input.to),
    await getHouseAccountId(tx, 'revenue', input.to),
  ];
  const entries: Posting[] = [
    { accountId: accounts.get(input.from)!.id, currency: input.from, amount: amount.negated().toFixed() },
    { accountId: fxFrom, currency: input.from, amount: amount.toFixed() },
    { accountId: fxTo, currency: input.to, amount: quote.mid.negated().toFixed() },
    { accountId: accounts.get(input.to)!.id, currency: input.to, amount: quote.credited.toFixed() },
  ];
  if (!quote.fee.isZero()) entries.push({ accountId: revenue, currency: input.to, amount: quote.fee.toFixed() });
  const journalId = await postTransaction(tx, {
    at,
    kind: 'exchange',
    reference: orderNo,
    memo: `${input.from}→${input.to} @ ${wire(rate.rate)} (spread ${wire(rate.spread)})`,
    entries,
  });
  await insertExchange(tx, {
    userId,
    orderNo,
    fromCurrency: input.from,
    toCurrency: input.to,
    debited: amount.toFixed(),
    credited: quote.credited.toFixed(),
    fee: quote.fee.toFixed(),
    rate: rate.rate,
    spread: rate.spread,
    journalTransactionId: journalId,
  });
  return {
    msg: 'exchange_success' as const,
    data: {
      order_no: orderNo,
      from: input.from,
      to: input.to,
      debited: amount.toFixed(),
      credited: quote.credited.toFixed(),
      rate: wire(rate.rate),
      fee: quote.fee.toFixed(),
    },
  };
}

export function createExchangeService({ db, now }: MoneyContext) {
  return {
    async rates() {
      return db.tx(
        async (tx) => {
          const rows = await listRates(tx);
          return rows.map((r) => ({
            from: r.fromCurrency,
            to: r.toCurrency,
            rate: wire(r.rate),
            spread: wire(r.spread),
            updated_at: iso(r.updatedAt)!,
          }));
        },
        { readOnly: true },
      );
    },

    async exchange(userId: bigint, input: InputOf<'exchange'>, key: string | undefined) {
      if (input.from === input.to) throw new BusinessError('same_currency', { field: 'to' });
      const amount = userAmount(input.amount, input.from);
      return runIdempotent(
        db,
        {
          userId,
          key,
          endpoint: 'exchange',
          payload: { from: input.from, to: input.to, amount: amount.toFixed() },
          limit: () => assertNotTooFrequent(userId, 'exchange'),
        },
        (tx) => postExchange(tx, now(), userId, input, amount),
      );
    },

    /** Sets one pair's mid rate and spread; the old and new values go to the audit log. */
    async setRate(actorId: bigint, input: InputOf<'adminRate'>) {
      return moneyTx(db, async (tx) => {
        const old = await lockRate(tx, input.from, input.to);
        if (!old) throw new BusinessError('not_found');
        const rate = new Decimal(input.rate);
        if (rate.decimalPlaces() > 12) throw new BusinessError('amount_invalid', { field: 'rate' });
        await updateRate(tx, input.from, input.to, {
          rate: rate.toFixed(),
          spread: input.spread,
          updatedAt: now(),
          updatedBy: actorId,
        });
        await recordAudit(tx, {
          actorId,
          action: 'rate.set',
          target: `rate:${input.from}/${input.to}`,
          before: { rate: wire(old.rate), spread: wire(old.spread) },
          after: { rate: rate.toFixed(), spread: wire(input.spread) },
        });
        return { msg: 'saved' as const, data: {} };
      });
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
