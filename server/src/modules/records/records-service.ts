/**
 * Fund records (/mine/transactionRecords) and balances, read from the ledger only:
 * - every journal entry of the user's accounts, typed by its transaction's kind, with its order
 *   number (the transaction's reference) and memo (a correction's reason);
 * - every hold that took money out of `available` and is not yet posted (withdrawal_hold, or
 *   margin for other reasons), and its release when voided (withdrawal_release / margin_release).
 *   A posted hold shows as its journal entry instead (e.g. `withdrawal`), so it is never counted
 *   twice.
 * Hence, per currency, the records sum to the available balance.
 */
import { CURRENCIES, Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import type { InputOf } from '../../contract-input';
import { listBalances, listFundRecords } from './records-repository';

export function createRecordsService(db: Database) {
  return {
    async records(userId: bigint, input: InputOf<'records'>) {
      return db.tx(
        async (tx) => {
          const { rows, total } = await listFundRecords(tx, userId, input);
          return {
            list: rows.map((r) => ({
              id: `${['e', 'h', 'v'][r.src - 1]}${r.seq}`,
              type: r.type,
              order_no: r.order_no,
              currency: r.currency,
              amount: new Decimal(r.amount).toFixed(),
              memo: r.memo,
              time: new Date(r.time).toISOString(),
            })),
            total,
          };
        },
        { readOnly: true },
      );
    },

    /** Available and frozen (held by the ledger) in every currency, zeros where no account exists. */
    async balances(userId: bigint) {
      return db.tx(
        async (tx) => {
          const rows = await listBalances(tx, userId);
          const byCurrency = new Map(rows.map((r) => [r.currency, r]));
          return CURRENCIES.map((currency) => ({
            currency,
            available: new Decimal(byCurrency.get(currency)?.available ?? 0).toFixed(),
            frozen: new Decimal(byCurrency.get(currency)?.held ?? 0).toFixed(),
          }));
        },
        { readOnly: true },
      );
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
