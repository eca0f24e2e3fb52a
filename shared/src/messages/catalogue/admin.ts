/**
 * The back office's four-eyes rule (issue 14, docs/decisions/0026-back-office-roles-and-four-eyes.md): a large
 * withdrawal's approval, a correction and a catalogue change wait for a second, different administrator.
 */
import type { CatalogueEntries } from './entry';

export const ADMIN_MESSAGES = {
  four_eyes_waiting: {
    'zh-CN': '已提交，等待另一位管理员复核批准后生效',
    en: 'Recorded. It takes effect when a second, different administrator approves it.',
    ja: '受け付けました。別の管理者が承認すると実行されます。',
  },
  four_eyes_same_admin: {
    'zh-CN': '不能批准自己提交的操作，须由另一位管理员复核',
    en: 'You cannot approve your own request: a different administrator must approve it.',
    ja: 'ご自身の申請は承認できません。別の管理者による承認が必要です。',
  },
  review_own_account: {
    'zh-CN': '不能审核或更改自己的账户，须由另一位管理员处理',
    en: 'You cannot review or change your own account. Another operator must decide it.',
    ja: 'ご自身の口座は審査・変更できません。別の担当者が判断する必要があります。',
  },
  review_equal_role: {
    'zh-CN':
      '该账户持有与您同级或更高的后台角色，您不能审核或更改它：须由更高级别的管理员处理；管理员本人的账户须先在服务器上撤销其角色（cli.js revoke-role）',
    en:
      'This account holds a back-office role equal to or above yours, so you cannot review or change it: an ' +
      'administrator above that role must decide it; an administrator’s own account is decided only after its role ' +
      'is revoked on the server (cli.js revoke-role).',
    ja: 'この口座はあなたと同等以上の管理ロールを持つため、審査・変更できません。より上位の管理者が判断します。管理者本人の口座は、サーバーでロールを取り消した後（cli.js revoke-role）に判断します。',
  },
  four_eyes_already_decided: {
    'zh-CN': '该复核申请已被处理，不能重复批准',
    en: 'This request has already been decided; it cannot be approved again.',
    ja: 'この申請はすでに処理済みです。重ねて承認することはできません。',
  },
  four_eyes_role_required: {
    'zh-CN': '您的角色无权执行该操作，因此也不能批准它',
    en: 'Your role may not perform this action, so you cannot approve it either.',
    ja: 'このロールでは当該操作を実行できないため、承認もできません。',
  },
  four_eyes_pending_exists: {
    'zh-CN': '同一对象已有等待复核的申请（编号 {{id}}），请先处理该申请',
    en: 'A request for the same item is already waiting for approval (request {{id}}); decide that one first.',
    ja: '同じ対象の申請がすでに承認待ちです（申請番号 {{id}}）。先にそちらを処理してください。',
  },
  reason_required: {
    'zh-CN': '请填写原因（4–200 个字符），该原因会告知用户',
    en: 'Give a reason (4–200 characters); the user is shown it.',
    ja: '理由を入力してください（4〜200 文字）。理由はユーザーに通知されます。',
  },
  inbox_account_restricted_title: {
    'zh-CN': '您的账户已被限制',
    en: 'Your account has been restricted',
    ja: 'アカウントが制限されました',
  },
  inbox_account_restricted_body: {
    'zh-CN': '您的账户已被限制登录、资金或交易操作。原因：{{reason}}。如有疑问请联系客服。',
    en: 'Sign-in, money or trading on your account is now restricted. Reason: {{reason}}. Contact support.',
    ja: 'アカウントのログイン・資金・取引が制限されました。理由：{{reason}}。ご不明な点はサポートまでご連絡ください。',
  },
  inbox_account_unrestricted_title: {
    'zh-CN': '您的账户限制已解除',
    en: 'The restrictions on your account were lifted',
    ja: 'アカウントの制限が解除されました',
  },
  inbox_account_unrestricted_body: {
    'zh-CN': '您的账户已恢复正常使用。说明：{{reason}}。',
    en: 'Your account is back to normal use. Note: {{reason}}.',
    ja: 'アカウントは通常どおりご利用いただけます。説明：{{reason}}。',
  },
} as const satisfies CatalogueEntries;
