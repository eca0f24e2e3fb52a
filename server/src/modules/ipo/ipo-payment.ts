/**
 * Paying for or declining a won subscription (docs/decisions/0016-new-share-lottery.md): confirm
 * replaces the subscription's hold by one of allotted × price, kept until the listing turns it into the
 * holding; decline releases it. Both before the payment deadline, with the Idempotency-Key.
 */
import { Decimal, roundMoney } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { assertMayTrade } from '../common/user-checks';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, placeHold, voidHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { formatAmount } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import { getOwnApplication, markDeclined, markPaid, type ApplicationRow } from './applications-repository';
import type { NewShareContext } from './ipo-context';
import { rereadApplication } from './ipo-user-reads';
import { marketTimeText } from './ipo-view';

const wireCount = (value: string) => new Decimal(value).toFixed(0);

/** The user's won subscription, locked; refused when nothing is due or the deadline passed. */
async function payableApplication(tx: Tx, userId: bigint, id: number, at: Date): Promise<ApplicationRow> {
  const row = await getOwnApplication(tx, userId, id, { lock: true });
  if (!row) throw new BusinessError('not_found');
  if (row.state !== 'won' || row.holdId === null) throw new BusinessError('allotment_not_payable');
  if (row.payDeadline && at >= row.payDeadline)
    throw new BusinessError('payment_deadline_passed', {
      values: { deadline: marketTimeText(row.market, row.payDeadline) },
    });
  return row;
}

/** /ipo/confirm: pays for the allotment (its hold replaces the subscription's). */
export async function confirmAllotment(
  { db, now, fundPasswords }: Pick<NewShareContext, 'db' | 'now' | 'fundPasswords'>,
  userId: bigint,
  input: InputOf<'newShareConfirm'>,
  key: string | undefined,
) {
  const fundPassword = await fundPasswords.claim(db, userId);
  return runIdempotent(
    db,
    {
      userId,
      key,
      endpoint: 'newShareConfirm',
      payload: { id: input.id },
      limit: () => assertNotTooFrequent(userId, 'newShareConfirm'),
      settle: fundPassword.settle,
    },
    async (tx) => {
      const at = now();
      const row = await payableApplication(tx, userId, input.id, at);
      await assertMayTrade(tx, userId);
      await fundPassword.verify(tx, input.fund_password);
      const accounts = await lockUserAccounts(tx, userId, [row.currency]);
      const paid = roundMoney(
        new Decimal(row.issuePrice ?? row.subscriptionPrice).times(row.allottedQuantity),
        row.currency,
      );
      await voidHold(tx, row.holdId!, at);
      const holdId = await placeHold(tx, {
        accountId: accounts.get(row.currency)!.id,
        currency: row.currency,
        amount: paid.toFixed(),
        reason: 'new_share_payment',
        reference: row.orderNo,
        at,
      });
      if (!(await markPaid(tx, row.id, { amount: paid.toFixed(), holdId, at })))
        throw new BusinessError('allotment_not_payable');
      const values = {
        code: row.code,
        allotted: wireCount(row.allottedQuantity),
        amount: formatAmount(paid, row.currency),
        listing_at: marketTimeText(row.market, row.listingAt!),
      };
      await notify(tx, userId, { key: 'new_share_paid', values }, at);
      const data = await rereadApplication(now, tx, userId, row.id, toI18nLang(input.lang));
      return { msg: 'purchase_success' as const, data };
    },
  );
}

/** /ipo/decline: declines the allotment (the subscription's hold is released). */
export async function declineAllotment(
  { db, now }: Pick<NewShareContext, 'db' | 'now'>,
  userId: bigint,
  input: InputOf<'newShareDecline'>,
  key: string | undefined,
) {
  return runIdempotent(db, { userId, key, endpoint: 'newShareDecline', payload: { id: input.id } }, async (tx) => {
    const at = now();
    const row = await payableApplication(tx, userId, input.id, at);
    await lockUserAccounts(tx, userId, [row.currency]);
    await voidHold(tx, row.holdId!, at);
    if (!(await markDeclined(tx, row.id, at))) throw new BusinessError('allotment_not_payable');
    const amount = new Decimal(row.subscriptionPrice).times(row.quantity);
    await notify(
      tx,
      userId,
      { key: 'new_share_declined', values: { code: row.code, amount: formatAmount(amount, row.currency) } },
      at,
    );
    return { msg: 'saved' as const, data: await rereadApplication(now, tx, userId, row.id, toI18nLang(input.lang)) };
  });
}
