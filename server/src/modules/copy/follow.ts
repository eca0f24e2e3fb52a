/**
 * Follow a copy-trading product (docs/decisions/0018-copy-trading.md): one money transaction with the
 * Idempotency-Key: the product on the shelf before its deadline, the amount at least the minimum and
 * within the capacity left (taken with a conditional UPDATE), identity, the copy-trading risk disclosure
 * and the fund password; then a ledger hold of the principal (it buys units at the next close), the
 * order, and the inbox.
 */
import { Decimal, type Currency } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { newOrderNo } from '../common/order-no';
import { assertMayTrade } from '../common/user-checks';
import { formatAmount, userAmount } from '../wire/wire';
import { requireRiskAck } from '../risk-disclosure/risk-disclosure-service';
import { getOrder, getProduct, insertOrder, takeCapacity, type ProductRow } from './copy-repository';
import { textIn } from './copy-view';
import { followCalendar } from './nav';
import { ordersWire } from './copy-reads';
import type { CopyContext } from './copy-context';

/** insufficient_fundraising with what is left. */
const refuseCapacity = (leftNow: Decimal.Value, currency: Currency) =>
  new BusinessError('insufficient_fundraising', {
    field: 'amount',
    values: { left: formatAmount(leftNow, currency) },
  });

/** The product may be followed with this amount now: on the shelf, before its deadline, minimum and capacity. */
async function followableProduct(tx: Tx, input: InputOf<'copyFollow'>, at: Date) {
  const product = await getProduct(tx, input.id);
  if (!product || product.offShelfAt) throw new BusinessError('product_unavailable');
  if (at >= product.deadline) throw new BusinessError('follow_time_exceeded');
  const currency = product.currency;
  const amount = userAmount(input.amount, currency);
  if (amount.lessThan(product.minInvestment))
    throw new BusinessError('min_buy_amount', {
      field: 'amount',
      values: { min: formatAmount(product.minInvestment, currency) },
    });
  const left = () => new Decimal(product.capacity).minus(product.raised);
  if (amount.greaterThan(left())) throw refuseCapacity(left(), currency);
  return { product, amount };
}

/** The capacity taken, the principal held, the order inserted and the inbox told; the order's wire form. */
async function bookFollow(
  deps: Pick<CopyContext, 'now' | 'provider'>,
  tx: Tx,
  userId: bigint,
  { product, amount }: { product: ProductRow; amount: Decimal },
  at: Date,
) {
  const currency = product.currency;
  // Lock order as the redemption's: the product row (its capacity), then the user's accounts.
  if (!(await takeCapacity(tx, product.id, amount.toFixed(), at))) {
    const fresh = await getProduct(tx, product.id);
    throw refuseCapacity(fresh ? new Decimal(fresh.capacity).minus(fresh.raised) : 0, currency);
  }
  const accounts = await lockUserAccounts(tx, userId, [currency]);
  const orderNo = newOrderNo('C', at);
  const holdId = await placeHold(tx, {
    accountId: accounts.get(currency)!.id,
    currency,
    amount: amount.toFixed(),
    reason: 'copy_trade',
    reference: orderNo,
    at,
  });
  const calendar = followCalendar(product.market, at, product.lockupDays);
  const id = await insertOrder(tx, {
    userId,
    orderNo,
    currency,
    productName: textIn(product.names, 'en'),
    issuer: textIn(product.issuers, 'en'),
    money: amount.toFixed(),
    minInvestment: product.minInvestment,
    lockDays: product.lockupDays,
    deadline: product.deadline,
    status: 0,
    holdId,
    createdAt: at,
    productId: product.id,
    market: product.market,
    ...calendar,
  });
  const values = {
    product: textIn(product.names, 'en'),
    amount: formatAmount(amount, currency),
    started_on: calendar.startedOn,
    lock_ends_on: calendar.lockEndsOn,
  };
  await notify(tx, userId, { key: 'copy_followed', values }, at);
  const [wire] = await ordersWire(deps, tx, [(await getOrder(tx, id))!], 'zh-CN');
  return wire!;
}

/** /copy/follow: the principal held for the product's next close. */
export async function follow(deps: CopyContext, userId: bigint, input: InputOf<'copyFollow'>, key: string | undefined) {
  const { db, now, fundPasswords } = deps;
  const fundPassword = await fundPasswords.claim(db, userId);
  return runIdempotent(
    db,
    {
      userId,
      key,
      endpoint: 'copyFollow',
      payload: { id: input.id, amount: input.amount },
      limit: () => assertNotTooFrequent(userId, 'copyFollow'),
      settle: fundPassword.settle,
    },
    async (tx) => {
      const at = now();
      const followed = await followableProduct(tx, input, at);
      await assertMayTrade(tx, userId);
      await requireRiskAck(tx, userId, 'copy_trade');
      await fundPassword.verify(tx, input.fund_password);
      return { msg: 'copy_order_success' as const, data: await bookFollow(deps, tx, userId, followed, at) };
    },
  );
}
