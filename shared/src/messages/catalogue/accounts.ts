import type { CatalogueEntries } from './entry';

/** Accounts (issue "Accounts and money", profile side). */
export const ACCOUNT_MESSAGES = {
  fund_password_format: {
    'zh-CN': '资金密码须为 6 位数字',
    en: 'The fund password must be six digits.',
    ja: '取引暗証番号は6桁の数字で入力してください。',
  },
  id_number_required: {
    'zh-CN': '请填写证件号码',
    en: 'Fill in your ID number.',
    ja: '身分証番号を入力してください。',
  },
  id_number_invalid: {
    'zh-CN': '证件号码格式不正确（6–32 位字母、数字或连字符）',
    en: 'The ID number is malformed (6–32 letters, digits or hyphens).',
    ja: '身分証番号の形式が正しくありません（英数字またはハイフン6〜32文字）。',
  },
  card_number_required: {
    'zh-CN': '请填写银行卡号',
    en: 'Fill in the card (account) number.',
    ja: '口座番号を入力してください。',
  },
  card_number_invalid: {
    'zh-CN': '银行卡号须为 7–19 位数字',
    en: 'The card (account) number must be 7–19 digits.',
    ja: '口座番号は7〜19桁の数字で入力してください。',
  },
  bank_name_required: { 'zh-CN': '请填写银行名称', en: 'Fill in the bank name.', ja: '金融機関名を入力してください。' },
  branch_name_required: { 'zh-CN': '请填写支行名称', en: 'Fill in the branch name.', ja: '支店名を入力してください。' },
  branch_code_invalid: {
    'zh-CN': '支行代码须为 3 位数字',
    en: 'The branch code must be three digits.',
    ja: '支店番号は3桁の数字で入力してください。',
  },
  card_holder_mismatch: {
    'zh-CN': '银行卡须为本人名义（实名：{{name}}）',
    en: 'The card must be in your own name, as verified ({{name}}).',
    ja: '口座名義はご本人名義（確認済みの氏名：{{name}}）にしてください。',
  },
  realname_already_verified: {
    'zh-CN': '您已完成实名认证，无需重复提交',
    en: 'Your identity is already verified; there is nothing to resubmit.',
    ja: '本人確認は完了しています。再提出の必要はありません。',
  },
  realname_submitted: {
    'zh-CN': '实名认证已提交，请等待审核',
    en: 'Identity verification submitted. Please wait for the review.',
    ja: '本人確認書類を提出しました。審査結果をお待ちください。',
  },
  login_password_wrong: {
    'zh-CN': '登录密码错误',
    en: 'The login password is wrong.',
    ja: 'ログインパスワードが正しくありません。',
  },
  password_changed: {
    'zh-CN': '密码已修改，请重新登录',
    en: 'Password changed. Please log in again.',
    ja: 'パスワードを変更しました。再度ログインしてください。',
  },
  fund_password_saved: { 'zh-CN': '资金密码已设置', en: 'Fund password saved.', ja: '取引暗証番号を設定しました。' },
  forbidden: { 'zh-CN': '无权执行此操作', en: 'You are not allowed to do this.', ja: 'この操作は許可されていません。' },
  reject_reason_required: {
    'zh-CN': '驳回时请填写原因',
    en: 'Give a reason when rejecting.',
    ja: '却下する場合は理由を入力してください。',
  },
} as const satisfies CatalogueEntries;
