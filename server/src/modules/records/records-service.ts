/**
 * Fund records (/mine/transactionRecords) and balances, read from the ledger only. The records are a
 * statement (records-repository.ts): one line per economic event with the change of the money, the change
 * of what is frozen, and the running balance (available + frozen); hence, per currency, the amounts sum to
 * available + frozen and the frozen changes to frozen.
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
              frozen: new Decimal(r.frozen).toFixed(),
              balance: new Decimal(r.balance).toFixed(),
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
