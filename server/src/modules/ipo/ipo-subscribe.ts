/**
 * Subscribing to a new share (docs/decisions/0016-new-share-lottery.md): a ledger hold of price ×
 * quantity, once per user and issue, inside the subscription window, in whole lots up to the cap. The
 * new-share risk disclosure (kind new_share, modules/risk-disclosure) must be acknowledged. One money
 * transaction with the Idempotency-Key; the application number is taken from the issue's counter.
 */
import { Decimal, roundMoney } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { newOrderNo } from '../common/order-no';
import { assertMayTrade } from '../common/user-checks';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { requireRiskAck } from '../risk-disclosure/risk-disclosure-service';
import { formatAmount } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import { getUserApplicationForIssue, insertApplication } from './applications-repository';
import type { NewShareContext } from './ipo-context';
import { rereadApplication } from './ipo-user-reads';
import { getIssue, takeApplicationNo, type IssueRow } from './issues-repository';
import { newContribution } from './list-seal';
import { marketTimeText, nameIn } from './ipo-view';

const liveIssue = async (tx: Tx, id: number): Promise<IssueRow> => {
  const issue = await getIssue(tx, id);
  if (!issue || issue.withdrawnAt) throw new BusinessError('new_share_not_found');
  return issue;
};

/** Refusals outside the subscription window: not yet open, or closed. */
function assertWindowOpen(issue: IssueRow, at: Date): void {
  if (at < issue.opensAt)
    throw new BusinessError('not_subscription_time', {
      values: { opens: marketTimeText(issue.market, issue.opensAt) },
    });
  if (at >= issue.closesAt)
    throw new BusinessError('subscription_closed', {
      values: { closes: marketTimeText(issue.market, issue.closesAt) },
    });
}

/** Refusals of a subscription's quantity: whole lots, at most the cap. Answers the units (lots). */
function unitsOf(issue: IssueRow, quantity: bigint): number {
  const lot = BigInt(issue.lotSize);
  if (quantity % lot !== 0n)
    throw new BusinessError('quantity_not_lot_multiple', { field: 'quantity', values: { lot: String(lot) } });
  if (quantity > issue.subscriptionCap)
    throw new BusinessError('subscription_cap_exceeded', {
      field: 'quantity',
      values: { cap: issue.subscriptionCap.toString() },
    });
  return Number(quantity / lot);
}

/** /ipo/subscribe: a subscription with price × quantity held. */
export async function subscribeToNewShare(
  { db, now, fundPasswords }: Pick<NewShareContext, 'db' | 'now' | 'fundPasswords'>,
  userId: bigint,
  input: InputOf<'newShareSubscribe'>,
  key: string | undefined,
) {
  const quantity = BigInt(input.quantity);
  const fundPassword = await fundPasswords.claim(db, userId);
  return runIdempotent(
    db,
    {
      userId,
      key,
      endpoint: 'newShareSubscribe',
      payload: { id: input.id, quantity: quantity.toString() },
      limit: () => assertNotTooFrequent(userId, 'newShareSubscribe'),
      settle: fundPassword.settle,
    },
    async (tx) => {
      const at = now();
      const issue = await liveIssue(tx, input.id);
      const contribution = await newContribution(input.contribution);
      assertWindowOpen(issue, at);
      const units = unitsOf(issue, quantity);
      await assertMayTrade(tx, userId);
      await requireRiskAck(tx, userId, 'new_share');
      await fundPassword.verify(tx, input.fund_password);
      // Lock order as the draw's: the issue row (its application counter), then the user's accounts.
      const applicationNo = await takeApplicationNo(tx, issue.id, at);
      if (applicationNo === undefined)
        throw new BusinessError('subscription_closed', {
          values: { closes: marketTimeText(issue.market, issue.closesAt) },
        });
      if (await getUserApplicationForIssue(tx, userId, issue.id)) throw new BusinessError('new_share_once');
      const accounts = await lockUserAccounts(tx, userId, [issue.currency]);
      const amount = roundMoney(new Decimal(issue.price).times(quantity.toString()), issue.currency);
      const orderNo = newOrderNo('N', at);
      const holdId = await placeHold(tx, {
        accountId: accounts.get(issue.currency)!.id,
        currency: issue.currency,
        amount: amount.toFixed(),
        reason: 'new_share',
        reference: orderNo,
        at,
      });
      // A second subscription of the user to the issue (the once constraint) is new_share_once.
      const insert = () =>
        insertApplication(tx, {
          userId,
          orderNo,
          issueId: issue.id,
          market: issue.market,
          currency: issue.currency,
          code: issue.code,
          name: nameIn(issue.names, 'en', issue.code),
          applicationNo,
          quantity: quantity.toString(),
          units,
          price: issue.price,
          amount: amount.toFixed(),
          holdId,
          at,
          contribution,
        });
      const id = await refuseDuplicate(insert, 'new_share_once', 'new_share_orders_once');
      const values = {
        code: issue.code,
        quantity: quantity.toString(),
        application_no: String(applicationNo),
        amount: formatAmount(amount, issue.currency),
        draw_at: marketTimeText(issue.market, issue.drawAt),
      };
      await notify(tx, userId, { key: 'new_share_subscribed', values }, at);
      const data = await rereadApplication(now, tx, userId, id, toI18nLang(input.lang));
      return { msg: 'subscribe_success' as const, data };
    },
  );
}
