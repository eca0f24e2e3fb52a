/**
 * Area /user/ (bank part): bound bank cards, withdrawals to them and the withdrawal list of spec §7.
 * The withdrawal rules and the other money calls are in the /funds/ area (funds.ts).
 */
import { z } from 'zod';
import { currencyCode, decimalString, marketPayload, plainString, positiveAmount } from '../common';
import { empty, idAnswer, idField, text } from '../fields';
import { stepUpField } from './security';

export const bankCardFields = z.object({
  holder_name: text('name_required', 64),
  card_number: z
    .string({ error: 'card_number_required' })
    .trim()
    .min(1, 'card_number_required')
    .regex(/^\d{7,19}$/, 'card_number_invalid'),
  /** Account type: ordinary (普通) or checking (当座), the two Japanese bank account types. */
  card_type: z.enum(['ordinary', 'checking'], { error: 'field_invalid' }),
  bank_name: text('bank_name_required', 64),
  branch_name: text('branch_name_required', 64),
  branch_code: z
    .string({ error: 'branch_code_invalid' })
    .trim()
    .regex(/^\d{3}$/, 'branch_code_invalid'),
});
// A card change needs a step-up grant for `bank_card` (issue 33 point 2): `step_up`.
export const bankCardAddRequest = bankCardFields.extend({ step_up: stepUpField });
export const bankCardEditRequest = bankCardFields.extend({ id: idField, step_up: stepUpField });
export const bankCardIdRequest = z.object({ id: idField, step_up: stepUpField });
export const bankCard = bankCardFields
  .extend({ id: z.number().int(), card_number: z.string(), card_number_masked: z.string(), created_at: z.string() })
  .omit({ card_number: true });
export const bankCardList = z.array(bankCard);

/**
 * /user/withdraw: to a bound card, confirmed with the fund password or, instead, with `passkey`: a passkey assertion
 * (JSON text) answering /user/passkeyWithdrawOptions for this amount, currency and card (docs/decisions/0027).
 */
export const withdrawRequest = z
  .object({
    amount: positiveAmount(),
    currency: currencyCode.default('JPY'),
    card_id: idField,
    fund_password: plainString().max(128, 'field_invalid').optional().default(''),
    passkey: plainString().max(16_384, 'passkey_response_invalid').optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.fund_password && !v.passkey)
      ctx.addIssue({ code: 'custom', message: 'fund_password_required', path: ['fund_password'] });
  });

/** /user/withdrawallist: status 0 pending; money '-' means 0. */
export const withdrawalItem = z
  .object({ id: z.string(), status: z.number().int(), money: z.union([decimalString, z.literal('-')]) })
  .passthrough();
export const withdrawalList = z.array(withdrawalItem);

export const USER_BANK_ENDPOINTS = {
  withdrawalList: {
    path: '/user/withdrawallist',
    auth: true,
    request: marketPayload,
    data: withdrawalList,
    summary: 'The user’s withdrawals',
  },
  banks: { path: '/user/banks', auth: true, request: empty, data: bankCardList, summary: 'Bound bank cards' },
  bankAdd: {
    path: '/user/bankAdd',
    auth: true,
    request: bankCardAddRequest,
    data: idAnswer,
    summary: 'Bind a bank card',
  },
  bankEdit: {
    path: '/user/bankEdit',
    auth: true,
    request: bankCardEditRequest,
    data: empty,
    summary: 'Edit a bank card',
  },
  bankDelete: {
    path: '/user/bankDelete',
    auth: true,
    request: bankCardIdRequest,
    data: empty,
    summary: 'Remove a bank card',
  },
  withdraw: {
    path: '/user/withdraw',
    auth: true,
    request: withdrawRequest,
    data: idAnswer,
    idempotent: true,
    summary: 'Withdraw to a bound card (amount frozen while pending)',
  },
} as const;
