/**
 * Issue "Accounts and money": passwords, identity verification, bank cards, inbox, news.
 * Requests are form-encoded (uploads multipart: the file parts are named in the endpoint's `files`).
 */
import { z } from 'zod';

const password = (requiredKey: 'password_required' | 'fund_password_required' = 'password_required') =>
  z.string({ error: requiredKey }).min(1, requiredKey).min(6, 'password_too_short').max(128, 'field_invalid');
const idField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid');
const text = (requiredKey: string, max = 64) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, 'field_invalid');

/**
 * The reader's language for texts the server renders (inbox messages, news): the session's
 * language code (cn, us, jp) or an i18n code (zh-CN, en, ja); default zh-CN, the spec's default.
 */
export const langField = z.enum(['cn', 'us', 'jp', 'en', 'zh-CN', 'ja'], { error: 'field_invalid' }).optional();
export const pageRequest = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
  lang: langField,
});

/** /user/changePassword: the original password is checked; every session of the user ends. */
export const changePasswordRequest = z
  .object({
    old_password: z.string({ error: 'password_required' }).min(1, 'password_required'),
    password: password(),
    password2: z.string().min(1, 'password_required'),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });

/**
 * /user/setFundPassword: first setting needs the login password; changing needs the old fund password.
 * Fund passwords are six digits, as at Japanese brokers.
 */
export const setFundPasswordRequest = z
  .object({
    login_password: z.string().optional().default(''),
    old_fund_password: z.string().optional().default(''),
    password: z.string({ error: 'fund_password_required' }).regex(/^\d{6}$/, 'fund_password_format'),
    password2: z.string({ error: 'fund_password_required' }).min(1, 'fund_password_required'),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });

export const realnameStatus = z.enum(['none', 'pending', 'verified', 'failed']);
/** /user/realname (multipart, files front and back: JPEG/PNG/WebP by magic bytes, at most 5 MB each). */
export const realnameRequest = z.object({
  name: text('name_required', 64),
  id_number: z
    .string({ error: 'id_number_required' })
    .trim()
    .min(1, 'id_number_required')
    .regex(/^[A-Za-z0-9-]{6,32}$/, 'id_number_invalid'),
  privacy: z.enum(['1', 'true', 'on'], { error: 'privacy_required' }),
});
export const realnameInfo = z.object({
  status: realnameStatus,
  /** Masked: only the first character of the name and the last four of the number are shown. */
  name: z.string(),
  id_number: z.string(),
  reject_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** Upload ids of the submitted ID images (shown to their owner through /user/image). */
  front_id: z.string().nullable(),
  back_id: z.string().nullable(),
});

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
export const bankCardAddRequest = bankCardFields;
export const bankCardEditRequest = bankCardFields.extend({ id: idField });
export const bankCardIdRequest = z.object({ id: idField });
export const bankCard = bankCardFields
  .extend({ id: z.number().int(), card_number: z.string(), card_number_masked: z.string(), created_at: z.string() })
  .omit({ card_number: true });
export const bankCardList = z.array(bankCard);

export const inboxMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export const messageList = z.object({ list: z.array(inboxMessage), total: z.number().int(), unread: z.number().int() });
export const messageIdRequest = z.object({ id: idField, lang: langField });

export const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  published_at: z.string(),
});
export const newsList = z.object({ list: z.array(newsItem.omit({ body: true })), total: z.number().int() });
export const newsIdRequest = z.object({ id: idField, lang: langField });
