/**
 * Add margin (issue 13, spec §5 "additional margin must be a positive integer"): moves a whole amount
 * of the position's currency from the available balance into the position's margin hold and raises
 * its stored margin (and cost), so its liquidation price (trade-math liquidationPrice) moves away
 * from the price. One transaction: the user's accounts are locked first (as every money call and the
 * matcher do, so concurrent adds and a margin call run one after the other), the position is re-read
 * under its row lock, its margin hold is voided and placed again at margin + amount (the hold trigger
 * refuses an overdraft: insufficient_balance), and the position row is updated conditionally. Fund
 * records show the old hold's release and the new hold as margin. With an Idempotency-Key a retry
 * answers the first result.
 *
 * Refused: not_found (not the user's), order_not_holding (pending, preparing to close, closed),
 * margin_day_trade (a day-trade position: its margin comes from the day's participation), margin_fully_paid (a 1×
 * long is cash: no margin call closes it, issue 35).
 */
import type { I18nLang } from 'shared/messages';
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { checkMinorUnits, lockUserAccounts, placeHold, voidHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { isDayTradePosition, raiseMargin } from './positions-repository';
import { fullyPaid } from './trade-math';
import { positionById, readRules, STATUS, type PositionRow } from './trade-repository';

export type AddMarginInput = InputOf<'addMargin'>;

export interface AddMarginContext {
  db: Database;
  now: () => Date;
  /** The position's wire form (trade-service toWireRow) valued with the current maintenance ratio. */
  toWire: (row: PositionRow, lang: I18nLang, maintenanceRatio: Decimal) => unknown;
}

export function createAddMargin({ db, now, toWire }: AddMarginContext) {
  return async function addMargin(userId: bigint, input: AddMarginInput, key: string | undefined) {
    const amount = new Decimal(input.amount);
    if (!amount.isInteger() || !amount.gt(0)) throw new BusinessError('margin_positive_integer', { field: 'amount' });
    const payload = { id: input.id, amount: amount.toFixed() };
    return runIdempotent(db, { userId, key, endpoint: 'addMargin', payload }, async (tx) => {
      const peek = await positionById(tx, input.id, { userId });
      if (!peek) throw new BusinessError('not_found');
      checkMinorUnits(amount, peek.currency);
      const accounts = await lockUserAccounts(tx, userId, [peek.currency]);
      const row = await positionById(tx, input.id, { userId, forUpdate: true });
      if (!row) throw new BusinessError('not_found');
      if (row.status !== STATUS.holding) throw new BusinessError('order_not_holding');
      if (await isDayTradePosition(tx, BigInt(row.id))) throw new BusinessError('margin_day_trade');
      if (fullyPaid(row.direction, row.leverage)) throw new BusinessError('margin_fully_paid');
      const at = now();
      if (!(await voidHold(tx, BigInt(row.holdId!), at)))
        throw new Error(`position ${row.orderNo}: hold ${row.holdId} was already resolved`);
      const hold = await placeHold(tx, {
        accountId: accounts.get(row.currency)!.id,
        currency: row.currency,
        amount: new Decimal(row.margin).plus(amount).toFixed(),
        reason: 'margin',
        reference: row.orderNo,
        at,
      });
      const raised = await raiseMargin(tx, userId, BigInt(row.id), { amount: amount.toFixed(), hold });
      if (!raised) throw new Error(`position ${row.orderNo} changed under its lock`);
      const rules = await readRules(tx);
      return { msg: 'margin_added' as const, data: toWire(raised, 'zh-CN', rules.maintenanceRatio) };
    });
  };
}
