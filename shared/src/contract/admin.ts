/**
 * Back-office API under /api/vue/admin/ (roles live in the database; the is-admin header grants
 * nothing). Operators review and configure; no call can type a price, a profit or a balance.
 * A correction is a labelled, reversible ledger posting the user sees in fund records.
 */
import { z } from 'zod';
import { currencyCode, positiveAmount } from './funds';

const idField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid');
export const reviewRequest = z.object({
  id: idField,
  action: z.enum(['approve', 'reject'], { error: 'field_invalid' }),
  reason: z.string().trim().max(200, 'field_invalid').optional().default(''),
});
export const adminListRequest = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});
export const userFlagsRequest = z.object({
  account: z.string().regex(/^\d{10}$/, 'account_format'),
  banned: z.enum(['0', '1']).optional(),
  frozen: z.enum(['0', '1']).optional(),
  trade_disabled: z.enum(['0', '1']).optional(),
});
export const configSetRequest = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/, 'field_invalid'),
  value: z.string().max(4000, 'field_invalid'),
});
export const rateSetRequest = z
  .object({
    from: currencyCode,
    to: currencyCode,
    rate: positiveAmount(),
    spread: z.string().regex(/^0(\.\d{1,6})?$/, 'field_invalid'),
  })
  .refine((v) => v.from !== v.to, { message: 'same_currency', path: ['to'] });
export const newsSetRequest = z.object({
  id: z.coerce.number().int().positive().optional(),
  lang: z.enum(['zh-CN', 'en', 'ja'], { error: 'field_invalid' }),
  title: z.string().trim().min(1, 'field_invalid').max(200, 'field_invalid'),
  summary: z.string().trim().max(500, 'field_invalid').default(''),
  body: z.string().trim().min(1, 'field_invalid').max(20000, 'field_invalid'),
});
/**
 * A correction: a labelled posting (reason required) that a later correction can reverse. To
 * reverse one, name its order number in `reverses` with the same account and currency and the
 * opposite amount; a correction is reversed at most once.
 */
export const correctionRequest = z.object({
  account: z.string().regex(/^\d{10}$/, 'account_format'),
  currency: currencyCode,
  amount: z
    .string()
    .regex(/^-?\d+(\.\d{1,8})?$/, 'amount_invalid')
    .refine((v) => /[1-9]/.test(v), 'amount_invalid'),
  reason: z.string().trim().min(4, 'field_invalid').max(200, 'field_invalid'),
  reverses: z
    .string()
    .trim()
    .regex(/^C\d{22}$/, 'field_invalid')
    .optional(),
});
export const imageRequest = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'field_invalid') });
/** An uploaded image as a data URL inside the usual envelope (clients fetch it with their session headers). */
export const imageAnswer = z.object({
  id: z.string(),
  mime: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  data_url: z.string(),
});
