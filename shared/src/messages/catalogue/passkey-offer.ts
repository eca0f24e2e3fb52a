/**
 * Phishing-resistant by default (issue 33 point 3; JSDA guideline revised 2025-10-15): the passkey offer shown after
 * registration and at each sign-in while the user has no passkey, and the passkey-first confirmations (the step-up
 * dialog, the withdrawal form) with the authenticator code or the fund password as the fallback.
 */
import type { CatalogueEntries } from './entry';

export const PASSKEY_OFFER_MESSAGES = {
  passkey_offer_title: {
    'zh-CN': '添加通行密钥，更安全地登录',
    en: 'Add a passkey for a safer sign-in',
    ja: 'パスキーを追加して、より安全にログイン',
  },
  passkey_offer_text: {
    'zh-CN':
      '通行密钥保存在您的手机或电脑中，只对本网站有效，钓鱼网站无法骗取。日本证券业协会（JSDA）建议以此登录、确认提现和更改提现银行卡。',
    en:
      'A passkey stays on your phone or computer and only works on this site, so a phishing page cannot trick it ' +
      'out of you. The Japan Securities Dealers Association (JSDA) recommends it for signing in, confirming ' +
      'withdrawals and changing your withdrawal card.',
    ja: 'パスキーはお使いのスマートフォンやパソコンに保存され、このサイトでしか使えないため、フィッシングサイトに盗まれません。日本証券業協会（JSDA）は、ログイン、出金の確認、出金口座の変更にパスキーを推奨しています。',
  },
  passkey_offer_add: { 'zh-CN': '添加通行密钥', en: 'Add a passkey', ja: 'パスキーを追加' },
  passkey_offer_later: { 'zh-CN': '以后再说', en: 'Not now', ja: '今はしない' },
  passkey_offer_failed: {
    'zh-CN': '未添加通行密钥。您可以在此重试，或前往“安全设置”添加。',
    en: 'No passkey was added. Try again here, or add one later under Security.',
    ja: 'パスキーは追加されませんでした。ここでもう一度試すか、後で「セキュリティ」から追加してください。',
  },
  passkey_first_use_code: {
    'zh-CN': '改用身份验证器验证码',
    en: 'Use an authenticator code instead',
    ja: '認証アプリのコードを使う',
  },
  withdraw_passkey_confirm: { 'zh-CN': '用通行密钥确认提现', en: 'Confirm with your passkey', ja: 'パスキーで確認' },
  withdraw_passkey_hint: {
    'zh-CN': '您的通行密钥只确认这一笔提现（金额、币种和银行卡）。',
    en: 'Your passkey confirms this withdrawal only: this amount, currency and card.',
    ja: 'パスキーはこの出金（金額・通貨・口座）だけを確認します。',
  },
  withdraw_use_fund_password: {
    'zh-CN': '改用资金密码',
    en: 'Use the fund password instead',
    ja: '取引暗証番号を使う',
  },
} as const satisfies CatalogueEntries;
