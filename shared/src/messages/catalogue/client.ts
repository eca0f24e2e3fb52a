import type { CatalogueEntries } from './entry';

/** Client messages. */
export const CLIENT_MESSAGES = {
  network_error: {
    'zh-CN': '网络错误，请检查网络连接',
    en: 'Network error. Check your connection.',
    ja: 'ネットワークエラーです。接続を確認してください。',
  },
  upload_failed: { 'zh-CN': '上传失败', en: 'Upload failed.', ja: 'アップロードに失敗しました。' },
  submit_failed: { 'zh-CN': '提交失败', en: 'Submission failed.', ja: '送信に失敗しました。' },
  request_failed: {
    'zh-CN': '请求失败（状态码 {{status}}）',
    en: 'Request failed (status {{status}}).',
    ja: 'リクエストに失敗しました（ステータス {{status}}）。',
  },
  not_found: { 'zh-CN': '未找到', en: 'Not found.', ja: '見つかりません。' },
  server_error: {
    'zh-CN': '服务器错误，请稍后再试',
    en: 'Server error. Please try again later.',
    ja: 'サーバーエラーです。しばらくしてから再試行してください。',
  },
  service_unavailable: {
    'zh-CN': '服务暂时不可用，请稍后再试',
    en: 'The service is briefly unavailable. Please try again in a moment.',
    ja: 'ただいまサービスを一時的にご利用いただけません。しばらくしてから再試行してください。',
  },
  unknown_error: { 'zh-CN': '错误', en: 'Error', ja: 'エラー' },
  purchase_success: { 'zh-CN': '购买成功', en: 'Purchase successful.', ja: '購入しました。' },
  subscribe_success: { 'zh-CN': '申购成功', en: 'Subscription successful.', ja: '申込を受け付けました。' },
  placement_success: { 'zh-CN': '配售成功', en: 'Placement successful.', ja: '割当が完了しました。' },
  recharge_success: { 'zh-CN': '充值申请已提交', en: 'Deposit submitted.', ja: '入金申請を受け付けました。' },
  withdraw_success: { 'zh-CN': '提现申请已提交', en: 'Withdrawal submitted.', ja: '出金申請を受け付けました。' },
  upload_success: { 'zh-CN': '上传成功', en: 'Upload successful.', ja: 'アップロードしました。' },
  copy_order_success: { 'zh-CN': '跟单成功', en: 'Copy order placed.', ja: 'コピートレードを申し込みました。' },
  sell_success: { 'zh-CN': '卖出申请已提交', en: 'Sell application submitted.', ja: '売却注文を受け付けました。' },
  register_success: { 'zh-CN': '注册成功', en: 'Registration successful.', ja: '登録しました。' },
  login_success: { 'zh-CN': '登录成功', en: 'Logged in.', ja: 'ログインしました。' },
  logout_success: { 'zh-CN': '已退出登录', en: 'Logged out.', ja: 'ログアウトしました。' },
  saved: { 'zh-CN': '已保存', en: 'Saved.', ja: '保存しました。' },
} as const satisfies CatalogueEntries;
