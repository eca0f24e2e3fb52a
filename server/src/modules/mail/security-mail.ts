/**
 * The step-up e-mail code in the user's language (zh-CN, en, ja): subject and plain text, no link (JSDA 2025: no
 * mail asks for a password through a link). The notices of changes are the inbox texts (step-up.ts `notice`).
 */
import type { I18nLang } from 'shared/messages';

const TEXTS: Record<I18nLang, { subject: string; body: (code: string, minutes: number) => string }> = {
  'zh-CN': {
    subject: 'Kabu 安全验证码',
    body: (code, minutes) =>
      `您的安全验证码：${code}\n\n用于确认修改账户的安全设置或提现银行卡，${minutes} 分钟内有效，仅可使用一次。\n` +
      '如果这不是您本人的操作，请勿将验证码告诉任何人，并立即修改登录密码。',
  },
  en: {
    subject: 'Your Kabu security code',
    body: (code, minutes) =>
      `Your security code: ${code}\n\nIt confirms a change of your account's security settings or withdrawal ` +
      `card, is valid for ${minutes} minutes and can be used once.\n` +
      'If you did not ask for it, tell nobody this code and change your password now.',
  },
  ja: {
    subject: 'Kabu セキュリティ確認コード',
    body: (code, minutes) =>
      `セキュリティ確認コード：${code}\n\nセキュリティ設定または出金口座の変更を確認するためのコードです。` +
      `有効期限は${minutes}分間で、1回のみ使用できます。\n` +
      'お心当たりがない場合は、このコードを誰にも伝えず、すぐにパスワードを変更してください。',
  },
};

export function stepUpCodeMail(lang: I18nLang, code: string, minutes: number): { subject: string; text: string } {
  const texts = TEXTS[lang];
  return { subject: texts.subject, text: texts.body(code, minutes) };
}
