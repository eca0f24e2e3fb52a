/**
 * New shares for the investor (docs/decisions/0016-new-share-lottery.md): the catalogue by tab, an
 * issue with the draw's verification data, the published draw, subscribe (a ledger hold of price ×
 * quantity), confirm (the hold is replaced by one of allotted × price, kept until the listing turns it
 * into the holding) and decline (released). The new-share risk disclosure (kind new_share) is
 * modules/risk-disclosure's; subscribing requires its acknowledgement.
 */
import { LOTTERY_ALGORITHM, LOTTERY_ALGORITHM_V1, LOTTERY_DESCRIPTION, LOTTERY_DESCRIPTION_V1 } from 'shared';
import type { I18nLang } from 'shared/messages';
import { Decimal, roundMoney } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import type { PriceSource } from '../assets/price-source';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, placeHold, voidHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { newOrderNo } from '../common/order-no';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import { assertMayTrade } from '../common/user-checks';
import { formatAmount, iso } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import { requireRiskAck } from '../risk-disclosure/risk-disclosure-service';
import {
  countApplications,
  getOwnApplication,
  getUserApplicationForIssue,
  insertApplication,
  listDrawLines,
  listUserApplications,
  markDeclined,
  markPaid,
  type ApplicationRow,
} from './applications-repository';
import { getIssue, listIssues, takeApplicationNo, type IssueRow } from './issues-repository';
import { inclusionProof, newContribution } from './list-seal';
import { applicationToWire, currencyOf, issueToWire, marketTimeText, nameIn } from './ipo-view';

export interface NewShareContext {
  db: Database;
  now: () => Date;
  prices: PriceSource;
  fundPasswords: FundPasswordGuard;
}

const liveIssue = async (tx: Tx, id: number): Promise<IssueRow> => {
  const issue = await getIssue(tx, id);
  if (!issue || issue.withdrawnAt) throw new BusinessError('new_share_not_found');
  return issue;
};

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

export function createNewShareService({ db, now, prices, fundPasswords }: NewShareContext) {
  const read = <T>(fn: (tx: Tx) => Promise<T>) => db.tx(fn, { readOnly: true });
  const appWire = (row: ApplicationRow, lang: I18nLang = 'zh-CN') => applicationToWire(row, { now: now(), lang });

  /** The subscription after a change, as the wire shows it. */
  const reread = async (tx: Tx, userId: bigint, id: number | bigint, lang: I18nLang) =>
    appWire((await getOwnApplication(tx, userId, Number(id)))!, lang);

  return {
    async list(input: InputOf<'newShareList'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const at = now();
        const { rows, total } = await listIssues(tx, {
          market: input.type,
          tab: input.tab,
          now: at,
          limit: input.size,
          offset: (input.page - 1) * input.size,
        });
        return { list: rows.map((row) => issueToWire(row, { now: at, lang, prices })), total };
      });
    },

    async info(userId: bigint, input: InputOf<'newShareInfo'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const at = now();
        const issue = await getIssue(tx, input.id);
        if (!issue) throw new BusinessError('new_share_not_found');
        const own = await getUserApplicationForIssue(tx, userId, issue.id);
        const closed = at.getTime() >= issue.closesAt.getTime();
        const counts = closed ? await countApplications(tx, issue.id) : undefined;
        const drawn = issue.drawState === 'drawn';
        const v1 = isV1(issue);
        const proof =
          own && own.applicationNo !== null && issue.listRoot !== null
            ? await inclusionProof(tx, issue.id, own.applicationNo)
            : undefined;
        return {
          issue: issueToWire(issue, { now: at, lang, prices }),
          application: own ? appWire(own, lang) : null,
          inclusion: proof ? { leaf_index: proof.leafIndex, path: proof.path } : null,
          verification: {
            seed_hash: at.getTime() >= issue.opensAt.getTime() ? issue.seedHash : null,
            seed: drawn ? issue.seed : null,
            algorithm: v1 ? LOTTERY_ALGORITHM_V1 : LOTTERY_ALGORITHM,
            algorithm_description: v1 ? LOTTERY_DESCRIPTION_V1 : LOTTERY_DESCRIPTION,
            units_offered: Number(issue.issueSize / BigInt(issue.lotSize)),
            applications: counts ? counts.applications : null,
            units_applied: counts ? counts.unitsApplied : null,
            units_allotted: drawn ? Number(issue.unitsAllotted ?? 0) : null,
            drawn_at: iso(issue.drawnAt),
            list_root: issue.listRoot,
            list_sealed_at: iso(issue.listSealedAt),
            list_size: issue.listSize,
            final_seed: drawn ? issue.finalSeed : null,
          },
        };
      });
    },

    async draw(input: InputOf<'newShareDraw'>) {
      return read(async (tx) => {
        const issue = await getIssue(tx, input.id);
        if (!issue) throw new BusinessError('new_share_not_found');
        if (issue.drawState !== 'drawn') throw new BusinessError('draw_not_published');
        const page = await listDrawLines(tx, issue.id, { limit: input.size, offset: (input.page - 1) * input.size });
        return {
          list: page.rows,
          total: page.total,
          seed: issue.seed,
          seed_hash: issue.seedHash,
          list_root: issue.listRoot,
          algorithm: isV1(issue) ? LOTTERY_ALGORITHM_V1 : LOTTERY_ALGORITHM,
          units_offered: Number(issue.issueSize / BigInt(issue.lotSize)),
          lot_size: issue.lotSize,
        };
      });
    },

    async subscribe(userId: bigint, input: InputOf<'newShareSubscribe'>, key: string | undefined) {
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
          if (at < issue.opensAt)
            throw new BusinessError('not_subscription_time', {
              values: { opens: marketTimeText(issue.market, issue.opensAt) },
            });
          if (at >= issue.closesAt)
            throw new BusinessError('subscription_closed', {
              values: { closes: marketTimeText(issue.market, issue.closesAt) },
            });
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
          let id: bigint;
          try {
            id = await insertApplication(tx, {
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
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'new_share_orders_once')
              throw new BusinessError('new_share_once');
            throw error;
          }
          const values = {
            code: issue.code,
            quantity: quantity.toString(),
            application_no: String(applicationNo),
            amount: formatAmount(amount, issue.currency),
            draw_at: marketTimeText(issue.market, issue.drawAt),
          };
          await notify(tx, userId, { key: 'new_share_subscribed', values }, at);
          return { msg: 'subscribe_success' as const, data: await reread(tx, userId, id, toI18nLang(input.lang)) };
        },
      );
    },

    async confirm(userId: bigint, input: InputOf<'newShareConfirm'>, key: string | undefined) {
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
          return { msg: 'purchase_success' as const, data: await reread(tx, userId, row.id, toI18nLang(input.lang)) };
        },
      );
    },

    async decline(userId: bigint, input: InputOf<'newShareDecline'>, key: string | undefined) {
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
        return { msg: 'saved' as const, data: await reread(tx, userId, row.id, toI18nLang(input.lang)) };
      });
    },

    /** /trade/usernewstocklist: records (every subscription) or allotments (the drawn ones). */
    async records(userId: bigint, input: InputOf<'newStockList'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const rows = await listUserApplications(tx, userId, currencyOf(input.type), input.tab === 'allotments');
        return rows.map((row) => ({ ...appWire(row, lang), id: String(row.id) }));
      });
    },
  };
}

/** A draw made before the list was sealed (0032): tickets from the committed seed alone. */
const isV1 = (issue: IssueRow) => issue.drawState === 'drawn' && issue.listRoot === null;

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

export type NewShareService = ReturnType<typeof createNewShareService>;
