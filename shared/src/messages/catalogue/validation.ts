import type { CatalogueEntries } from './entry';

/** Spec §5: validation. */
export const VALIDATION_MESSAGES = {
  email_required: { 'zh-CN': '邮箱不能为空', en: 'Email cannot be empty.', ja: 'メールアドレスを入力してください。' },
  amount_required: { 'zh-CN': '请输入金额', en: 'Enter an amount.', ja: '金額を入力してください。' },
  amount_invalid: { 'zh-CN': '金额格式不正确', en: 'The amount is not valid.', ja: '金額の形式が正しくありません。' },
  fund_password_required: {
    'zh-CN': '请输入资金密码',
    en: 'Enter your fund password.',
    ja: '取引暗証番号を入力してください。',
  },
  quantity_required: { 'zh-CN': '请输入数量', en: 'Enter a quantity.', ja: '数量を入力してください。' },
  channel_password_required: {
    'zh-CN': '请输入通道密码',
    en: 'Enter the channel password.',
    ja: 'チャネルパスワードを入力してください。',
  },
  lots_required: {
    'zh-CN': '请输入购买手数',
    en: 'Enter the number of lots to buy.',
    ja: '買付ロット数を入力してください。',
  },
  trust_amount_required: {
    'zh-CN': '请输入委托金额',
    en: 'Enter the order amount.',
    ja: '注文金額を入力してください。',
  },
  password_required: { 'zh-CN': '请输入密码', en: 'Enter a password.', ja: 'パスワードを入力してください。' },
  password_too_short: {
    'zh-CN': '密码至少 {{min}} 个字符',
    en: 'The password needs at least {{min}} characters.',
    ja: 'パスワードは{{min}}文字以上で入力してください。',
  },
  passwords_mismatch: {
    'zh-CN': '两次输入的密码不一致',
    en: 'The two passwords do not match.',
    ja: '2つのパスワードが一致しません。',
  },
  agreement_required: {
    'zh-CN': '请阅读并勾选用户协议',
    en: 'Please read and accept the user agreement.',
    ja: '利用規約をお読みのうえ、同意してください。',
  },
  invite_code_required: {
    'zh-CN': '请输入邀请码',
    en: 'Enter an invitation code.',
    ja: '招待コードを入力してください。',
  },
  account_format: {
    'zh-CN': '账号须为 10 位手机号码',
    en: 'The account must be a ten-digit mobile number.',
    ja: 'アカウントには10桁の携帯電話番号を入力してください。',
  },
  phone_required: { 'zh-CN': '请填写手机号', en: 'Fill in your phone number.', ja: '電話番号を入力してください。' },
  phone_invalid: {
    'zh-CN': '手机号格式不正确',
    en: 'The phone number is malformed.',
    ja: '電話番号の形式が正しくありません。',
  },
  name_required: { 'zh-CN': '请填写姓名', en: 'Fill in your name.', ja: '氏名を入力してください。' },
  name_invalid: { 'zh-CN': '姓名格式不正确', en: 'The name is malformed.', ja: '氏名の形式が正しくありません。' },
  address_required: { 'zh-CN': '地址不能为空', en: 'The address cannot be empty.', ja: '住所を入力してください。' },
  postal_code_invalid: {
    'zh-CN': '邮政编码不正确',
    en: 'The postal code is wrong.',
    ja: '郵便番号が正しくありません。',
  },
  area_required: {
    'zh-CN': '请选择收货地区',
    en: 'Select a receiving area.',
    ja: 'お届け先の地域を選択してください。',
  },
  margin_positive_integer: {
    'zh-CN': '追加保证金须为正整数',
    en: 'Additional margin must be a positive whole number.',
    ja: '追加証拠金は1以上の整数で入力してください。',
  },
  exchange_amount_required: {
    'zh-CN': '请输入兑换金额',
    en: 'Enter an amount to exchange.',
    ja: '両替金額を入力してください。',
  },
  same_currency: {
    'zh-CN': '相同币种不能兑换',
    en: 'You cannot exchange a currency for itself.',
    ja: '同じ通貨同士は両替できません。',
  },
  privacy_required: {
    'zh-CN': '请先勾选隐私声明',
    en: 'Please accept the privacy statement first.',
    ja: '先にプライバシーポリシーに同意してください。',
  },
  id_images_required: {
    'zh-CN': '请上传证件正反面照片',
    en: 'Upload both sides of your ID.',
    ja: '身分証の表面と裏面をアップロードしてください。',
  },
  proof_required: {
    'zh-CN': '请上传转账凭证截图',
    en: 'Upload a screenshot of the transfer proof.',
    ja: '振込証明のスクリーンショットをアップロードしてください。',
  },
  deposit_closed_day: {
    'zh-CN': '今天不是营业日，暂停受理充值。请于下一个营业日 {{next}} 再提交',
    en: 'Deposits are accepted on business days only. Please deposit on the next business day, {{next}}.',
    ja: '本日は営業日ではないため、入金を受け付けておりません。次の営業日（{{next}}）にお手続きください。',
  },
  deposit_max: {
    'zh-CN': '单笔充值不能超过 {{max}}',
    en: 'A single deposit cannot exceed {{max}}.',
    ja: '1回の入金額の上限は{{max}}です。',
  },
  withdraw_min: {
    'zh-CN': '单笔最低提现 {{min}}',
    en: 'The minimum withdrawal is {{min}} per transaction.',
    ja: '1回の最低出金額は{{min}}です。',
  },
  new_share_once: {
    'zh-CN': '同一新股只能申购一次',
    en: 'A new share can be subscribed only once.',
    ja: '同じIPO銘柄には1回のみ申し込めます。',
  },
  field_invalid: {
    'zh-CN': '字段 {{field}} 不正确',
    en: 'The field {{field}} is not valid.',
    ja: '項目 {{field}} が正しくありません。',
  },
  file_type_invalid: {
    'zh-CN': '仅支持 JPEG、PNG、WebP 图片',
    en: 'Only JPEG, PNG and WebP images are accepted.',
    ja: 'JPEG、PNG、WebP画像のみ対応しています。',
  },
  file_too_large: {
    'zh-CN': '图片不能超过 {{max}}',
    en: 'The image cannot be larger than {{max}}.',
    ja: '画像は{{max}}以下にしてください。',
  },
} as const satisfies CatalogueEntries;
