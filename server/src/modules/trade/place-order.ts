/**
 * /trade/order (issue "Markets and trading"; rules in docs/decisions/0009-trading-rules.md).
 *
 * Placement is ONE data-modifying statement (trade-repository.ts placementStatement): it reads the
 * user's flags, the rules and the risk acknowledgement and, only if they allow the order in that
 * same snapshot, freezes the money as a ledger hold (the hold's trigger locks the user's account
 * row and its CHECK refuses an overdraft: insufficient_balance), inserts the order row and, for a
 * market order, books the opening fee (user → the house fee-revenue shard of the user). Without an
 * Idempotency-Key it runs outside a transaction block (its own atomic commit: one round trip, the
 * shard row locked only until that commit); with one, the key's claim, the statement and the
 * stored answer are one transaction. Refusals that need no database (unknown stock, market closed,
 * price beyond the daily limit) are answered before it.
 */
import type { SQL } from 'drizzle-orm';
import { Decimal } from 'shared/money';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { newOrderNo } from '../common/order-no';
import { realnameRefusal, tradingDisabled } from '../common/user-checks';
import { notify, type InboxNotice } from '../inbox/inbox-service';
import { checkMinorUnits, openUserAccounts, refuseAccountOverdraft } from '../ledger/ledger-repository';
import { moneyStatement, runIdempotent } from '../ledger/money-tx';
import { toI18nLang } from '../wire/lang';
import { fillNotice } from './fill-notice';
import { holdFigures, pricedOrder, type HoldFigures, type PlaceOrderInput, type PricedOrder } from './order-pricing';
import { wireRow, type RulesMemo, type TradeDeps } from './trade-context';
import {
  parseRules,
  placementStatement,
  readMarketOrderBuffer,
  STATUS,
  toPosition,
  type PlacementRow,
  type PositionRow,
  type RuleTexts,
} from './trade-repository';

/** A market order filled now: its fill notice (fill-notice.ts) and the owner's e-mail. */
interface Filled {
  notice: InboxNotice;
  email: string | null;
}

/** One placement call: the order priced once, its number and instant, and (once booked) the fill to tell. */
interface Placement {
  userId: bigint;
  input: PlaceOrderInput;
  priced: PricedOrder;
  orderNo: string;
  at: Date;
  filled?: Filled;
}

type Exec = (query: SQL) => Promise<PlacementRow[]>;

/** The fill notice of a market order filled now, with this attempt's fee (undefined for a waiting order). */
function noticeOf({ provider }: TradeDeps, { input, priced, orderNo, at }: Placement, fee: Decimal) {
  const { quote } = priced.session;
  return priced.pending
    ? undefined
    : fillNotice(
        {
          orderNo,
          market: input.market,
          code: quote.code,
          name: quote.names.en,
          currency: priced.currency,
          direction: input.side,
        },
        { kind: 'open', price: priced.price, quantity: priced.quantity, fee, at },
        provider,
      );
}

/** One attempt's statement: it books (`go`) with the figures of the rules cached, or only reads the context. */
function statementOf(p: Placement, cached: RulesMemo['cached'], hold: HoldFigures, go: boolean) {
  const { userId, input, priced, orderNo, at } = p;
  const { quantity, currency, session, order, takeProfit, stopLoss, pending, validUntil, price } = priced;
  const { quote } = session;
  const { limit, trigger, orderType } = order;
  const { figures, held, feeNow: fee } = hold;
  const rules = cached?.rules;
  return placementStatement({
    userId,
    currency,
    go,
    rules: cached?.texts,
    needsAck: input.leverage > 1 || input.side === 'short',
    orderNo,
    at,
    hold: { amount: held.toFixed(), reason: pending ? 'order' : 'margin' },
    fee: fee?.toFixed(),
    memo: `open ${input.side} ${quote.code} ×${quantity.toFixed()} @ ${price.toFixed()}`,
    position: {
      market: input.market,
      code: quote.code,
      name: quote.names.en,
      direction: input.side,
      priceType: input.price_type,
      leverage: input.leverage,
      quantity: quantity.toFixed(),
      buyPrice: price.toFixed(),
      limitPrice: limit?.toFixed() ?? null,
      margin: figures.margin.toFixed(),
      fee: figures.fee.toFixed(),
      feeRate: (rules?.feeRate ?? new Decimal(0)).toFixed(),
      status: pending ? STATUS.pending : STATUS.holding,
      openDate: pending ? null : quote.trade_date,
      orderType,
      triggerPrice: trigger?.toFixed() ?? null,
      validUntil: pending ? validUntil : null,
      takeProfit: takeProfit?.toFixed() ?? null,
      stopLoss: stopLoss?.toFixed() ?? null,
    },
  });
}

/** Nothing booked: the rules this snapshot read are remembered, and its context refuses (in this order) if it may. */
function refuseByContext(memo: RulesMemo, row: PlacementRow, input: PlaceOrderInput, { figures }: HoldFigures) {
  const texts: RuleTexts = {
    trade_leverages: row.trade_leverages,
    trade_fee_rate: row.trade_fee_rate,
    trade_maintenance_ratio: row.trade_maintenance_ratio,
    risk_disclosure_version: row.risk_disclosure_version,
  };
  const fresh = { texts, rules: parseRules(texts) };
  memo.cached = fresh;
  memo.ratio = fresh.rules.maintenanceRatio;
  if (row.ctx_banned) throw new BusinessError('account_banned');
  if (row.ctx_frozen) throw new BusinessError('account_frozen');
  if (row.ctx_trade_disabled) throw tradingDisabled(row.ctx_restriction_reason);
  if (row.ctx_realname_status !== 'verified') throw realnameRefusal(row.ctx_realname_status);
  if (!fresh.rules.leverages.includes(input.leverage))
    throw new BusinessError('leverage_not_allowed', {
      field: 'leverage',
      values: { allowed: fresh.rules.leverages.join(', ') },
    });
  if ((input.leverage > 1 || input.side === 'short') && !row.ctx_acked)
    throw new BusinessError('risk_disclosure_required');
  if (figures.margin.isZero())
    throw new BusinessError('field_invalid', { field: 'quantity', values: { field: 'quantity' } });
}

/**
 * One statement books the order (placementStatement): priced with the rules cached here, it
 * books only if, in its own snapshot, the user may trade and the rules still read as cached;
 * otherwise it books nothing and answers the current context, from which the refusal (in the
 * order below) or a repricing with fresh rules follows. Usually one round trip.
 */
async function place(deps: TradeDeps, p: Placement, exec: Exec, openAccount: () => Promise<void>) {
  const { input, priced } = p;
  for (let attempt = 1; ; attempt += 1) {
    const cached = deps.memo.cached;
    const rules = cached?.rules;
    const leverageOk = rules !== undefined && rules.leverages.includes(input.leverage);
    const hold = holdFigures(priced, input.leverage, rules?.feeRate ?? 0);
    const { figures, held, feeNow: fee } = hold;
    const go = leverageOk && !figures.margin.isZero() && attempt <= 3;
    if (go) {
      checkMinorUnits(held, priced.currency);
      if (fee) checkMinorUnits(fee, priced.currency);
    }
    const notice = noticeOf(deps, p, figures.fee);
    const [row] = await refuseAccountOverdraft(() => exec(statementOf(p, cached, hold, go)));
    if (!row) throw new BusinessError('account_not_found');
    if (row.id !== null && row.id !== undefined) {
      p.filled = notice && { notice, email: row.ctx_email };
      return {
        msg: 'order_placed' as const,
        data: wireRow(deps, toPosition(row) as PositionRow, toI18nLang(input.lang), rules?.maintenanceRatio),
      };
    }
    // Nothing booked: the context of this snapshot says why.
    refuseByContext(deps.memo, row, input, hold);
    if (row.ctx_account_id === null) await openAccount();
    if (attempt > 3) throw new Error(`order placement for user ${p.userId} did not settle after ${attempt} attempts`);
  }
}

export async function placeOrder(deps: TradeDeps, userId: bigint, input: PlaceOrderInput, key: string | undefined) {
  const { db, provider, notices, log } = deps;
  const at = deps.now();
  // The checks and the hold price /trade/preview shows too (order-pricing.ts).
  const priced = await pricedOrder(provider, input, at, () =>
    db.tx((tx) => readMarketOrderBuffer(tx), { readOnly: true }),
  );
  const { quantity, currency, order } = priced;
  const p: Placement = { userId, input, priced, orderNo: newOrderNo('T', at), at };
  // The language names the stock in the answer only: a retry in another language is the same order.
  const { lang: _lang, ...orderFields } = input;
  const payload = { ...orderFields, quantity: quantity.toFixed(), price: order.limit?.toFixed() ?? null };
  /** Committed: the fill is mailed (never awaited; a failure is logged and changes nothing). */
  const tell = () => {
    if (p.filled) notices?.send(p.filled.email ?? undefined, p.filled.notice);
  };
  if (key === undefined) {
    // No key to claim: the statement runs on its own (its own atomic commit, one round trip).
    const answer = await moneyStatement(() =>
      place(
        deps,
        p,
        (query) => db.statement<PlacementRow>(query),
        () => db.tx(async (tx) => openUserAccounts(tx, userId, [currency])),
      ),
    );
    // Booked: the fill goes to the inbox in a transaction of its own (the order stands whatever happens here).
    const told = p.filled;
    if (told)
      await db
        .tx((tx) => notify(tx, userId, told.notice, at))
        .catch((error: unknown) => log?.error({ err: error, order: p.orderNo }, 'fill notice not stored'));
    tell();
    return answer;
  }
  // With a key: claim it, book, store the fill notice and the answer, in one transaction (a replay does none).
  const answer = await runIdempotent(db, { userId, key, endpoint: 'placeOrder', payload }, async (tx) => {
    const placed = await place(
      deps,
      p,
      (query) => queryRows<PlacementRow>(tx, query),
      () => openUserAccounts(tx, userId, [currency]),
    );
    if (p.filled) await notify(tx, userId, p.filled.notice, at);
    return placed;
  });
  tell();
  return answer;
}
