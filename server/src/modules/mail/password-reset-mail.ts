/** The password-reset mail in the user's language (zh-CN, en, ja): subject and plain text. */
import type { I18nLang } from 'shared/messages';

const TEXTS: Record<I18nLang, { subject: string; body: (code: string, minutes: number) => string }> = {
  'zh-CN': {
    subject: 'Kabu 密码重置验证码',
    body: (code, minutes) =>
      `您的密码重置验证码：${code}\n\n验证码 ${minutes} 分钟内有效，仅可使用一次。\n` +
      '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
  },
  en: {
    subject: 'Your Kabu password reset code',
    body: (code, minutes) =>
      `Your password reset code: ${code}\n\nIt is valid for ${minutes} minutes and can be used once.\n` +
      'If you did not ask for it, ignore this email: your password stays unchanged.',
  },
  ja: {
    subject: 'Kabu パスワード再設定の確認コード',
    body: (code, minutes) =>
      `パスワード再設定の確認コード：${code}\n\n有効期限は${minutes}分間で、1回のみ使用できます。\n` +
      'お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
  },
};

export function passwordResetMail(lang: I18nLang, code: string, minutes: number): { subject: string; text: string } {
  const texts = TEXTS[lang];
  return { subject: texts.subject, text: texts.body(code, minutes) };
}
