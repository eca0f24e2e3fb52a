/**
 * The user's side of a deposit (deposit-service.ts): the receiving accounts, the maximum and the hours, and the
 * submission (amount, channel and proof) that leaves a deposit pending review.
 */
import { createHash } from 'node:crypto';
import type { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import type { MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { assertCanMoveMoney, readMoneyUser, realnameRefusal } from '../common/user-checks';
import { lockUserAccounts } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import type { UploadStore } from '../uploads/upload-store';
import { saveUpload } from '../uploads/uploads-service';
import { toI18nLang } from '../wire/lang';
import { formatAmount, userAmount } from '../wire/wire';
import { depositDayState } from './deposit-days';
import { hasPendingDeposit, insertDeposit } from './deposits-repository';
import { localizeChannel, readFundsSettings, type FundsSettings } from './funds-settings';

export type DepositInput = InputOf<'deposit'>;

/** What deposits are built with: the database, the clock and the upload store that keeps the proofs. */
export type DepositDeps = MoneyContext & { uploads: UploadStore };

/**
 * The receiving accounts in the reader's language (session code or i18n code; zh-CN by default), the maximum and
 * the hours. The accounts only to a user whose identity is verified
 * (issue 35): for anyone else `channels` is empty and `verify_first` names the refusal a deposit would get
 * (realname_required, realname_failed), so the screen says "verify first" before any amount or proof.
 */
export async function depositChannels({ db, now }: MoneyContext, userId: bigint, lang?: string) {
  const language = toI18nLang(lang);
  return db.tx(
    async (tx) => {
      const settings = await readFundsSettings(tx);
      const day = depositDayState(now(), settings.window.holidays);
      const user = await readMoneyUser(tx, userId);
      const verified = user?.realnameStatus === 'verified';
      return {
        channels: verified ? settings.channels.map((c) => localizeChannel(c, language)) : [],
        verify_first: verified ? null : realnameRefusal(user?.realnameStatus).key,
        max: settings.depositMax.toFixed(),
        hours: settings.depositHours,
        business_day: day.open,
        next_business_day: day.next,
      };
    },
    { readOnly: true },
  );
}

/** The channel of the deposit (of its currency), refused on a closed day or above the maximum. */
function depositChannel(settings: FundsSettings, input: DepositInput, amount: Decimal, at: Date) {
  // Spec §9: business days only (Japan time); the refusal names the next one.
  const day = depositDayState(at, settings.window.holidays);
  if (!day.open) throw new BusinessError('deposit_closed_day', { values: { next: day.next } });
  const channel = settings.channels.find((c) => c.id === input.channel_id && c.currency === input.currency);
  if (!channel) throw new BusinessError('field_invalid', { field: 'channel_id', values: { field: 'channel_id' } });
  if (amount.gt(settings.depositMax)) {
    throw new BusinessError('deposit_max', {
      field: 'amount',
      values: { max: formatAmount(settings.depositMax, input.currency) },
    });
  }
  return channel;
}

/** Submits a deposit with its proof: pending review; one pending deposit per user (deposit_pending). */
export async function submitDeposit(
  { db, now, uploads }: DepositDeps,
  userId: bigint,
  input: DepositInput,
  proof: Buffer | undefined,
  key: string | undefined,
) {
  if (!proof || proof.length === 0) throw new BusinessError('proof_required', { field: 'proof' });
  const amount = userAmount(input.amount, input.currency);
  const proofHash = createHash('sha256').update(proof).digest('hex');
  return runIdempotent(
    db,
    {
      userId,
      key,
      endpoint: 'deposit',
      payload: { amount: amount.toFixed(), currency: input.currency, channel_id: input.channel_id, proof: proofHash },
      limit: () => assertNotTooFrequent(userId, 'deposit'),
    },
    async (tx) => {
      const channel = depositChannel(await readFundsSettings(tx), input, amount, now());
      await assertCanMoveMoney(tx, userId, { needCard: true });
      await lockUserAccounts(tx, userId, [input.currency]);
      if (await hasPendingDeposit(tx, userId)) throw new BusinessError('deposit_pending');
      const upload = await saveUpload(uploads, tx, { userId, kind: 'deposit_proof', data: proof });
      const orderNo = newOrderNo('D', now());
      const insert = () =>
        insertDeposit(tx, {
          userId,
          orderNo,
          currency: input.currency,
          amount: amount.toFixed(),
          channelId: channel.id,
          proofUploadId: upload.id,
          createdAt: now(),
        });
      const id = await refuseDuplicate(insert, 'deposit_pending', 'deposits_one_pending');
      return { msg: 'recharge_success' as const, data: { id: Number(id), order_no: orderNo } };
    },
  );
}
