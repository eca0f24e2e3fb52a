/**
 * Second factors and signed-in devices (docs/decisions/0027-second-factors-and-devices.md): the login's second
 * step, TOTP and recovery codes, passkeys, the device list, and the new-device inbox message.
 */
import type { CatalogueEntries } from './entry';

export const SECURITY_MESSAGES = {
  second_factor_required: {
    'zh-CN': '请输入身份验证器中的 6 位验证码（或一个恢复码）完成登录',
    en: 'Enter the 6-digit code from your authenticator app (or a recovery code) to finish signing in.',
    ja: 'ログインを完了するには、認証アプリの 6 桁のコード（またはリカバリーコード）を入力してください。',
  },
  admin_second_factor_required: {
    'zh-CN': '后台操作须使用二次验证登录：请退出后用密码和身份验证器（或通行密钥）重新登录',
    en:
      'The back office needs a sign-in with your second factor: log out, then sign in again with your password ' +
      'and authenticator code (or a passkey).',
    ja:
      '管理画面の操作には二要素でのログインが必要です。ログアウトし、パスワードと認証アプリのコード（またはパスキー）で' +
      'ログインし直してください。',
  },
  second_factor_enrol_required: {
    'zh-CN': '管理员账户须先设置身份验证器（二次验证）才能登录',
    en: 'Administrator accounts must set up an authenticator app (second factor) before signing in.',
    ja: '管理者アカウントは、ログインする前に認証アプリ（二要素認証）を設定する必要があります。',
  },
  second_factor_challenge_invalid: {
    'zh-CN': '登录验证已过期或无效，请重新输入密码登录',
    en: 'This sign-in step has expired or is not valid. Sign in with your password again.',
    ja: 'このログイン手続きは期限切れか無効です。もう一度パスワードでログインしてください。',
  },
  second_factor_code_required: {
    'zh-CN': '请输入验证码',
    en: 'Enter the code.',
    ja: 'コードを入力してください。',
  },
  second_factor_code_format: {
    'zh-CN': '验证码为 6 位数字，恢复码格式为 XXXX-XXXX-XXXX',
    en: 'A code has 6 digits; a recovery code looks like XXXX-XXXX-XXXX.',
    ja: 'コードは 6 桁の数字、リカバリーコードは XXXX-XXXX-XXXX の形式です。',
  },
  second_factor_code_wrong: {
    'zh-CN': '验证码不正确。请确认手机时间准确，并输入身份验证器中当前显示的验证码',
    en: 'The code is not correct. Check that your phone’s clock is right and enter the code shown now.',
    ja: 'コードが正しくありません。端末の時刻が正しいことを確認し、現在表示されているコードを入力してください。',
  },
  second_factor_code_reused: {
    'zh-CN': '该验证码已使用过，请等待身份验证器显示下一个验证码',
    en: 'This code was already used. Wait for your authenticator to show the next one.',
    ja: 'このコードは使用済みです。認証アプリに次のコードが表示されるまでお待ちください。',
  },
  totp_already_enabled: {
    'zh-CN': '身份验证器已启用；如需更换，请先停用',
    en: 'An authenticator is already set up. Turn it off first to replace it.',
    ja: '認証アプリは設定済みです。変更するには先に無効にしてください。',
  },
  totp_not_enabled: {
    'zh-CN': '尚未启用身份验证器',
    en: 'No authenticator is set up yet.',
    ja: '認証アプリはまだ設定されていません。',
  },
  totp_enrol_first: {
    'zh-CN': '请先开始设置身份验证器，再输入验证码',
    en: 'Start setting up the authenticator first, then enter its code.',
    ja: '先に認証アプリの設定を開始してから、コードを入力してください。',
  },
  totp_enrol_started: {
    'zh-CN': '请用身份验证器扫描二维码，然后输入显示的验证码',
    en: 'Scan the QR code with your authenticator app, then enter the code it shows.',
    ja: '認証アプリで QR コードを読み取り、表示されたコードを入力してください。',
  },
  totp_enabled: {
    'zh-CN': '已启用二次验证。请妥善保存恢复码，每个只能使用一次',
    en: 'Two-step verification is on. Keep the recovery codes safe: each works once.',
    ja: '二段階認証を有効にしました。リカバリーコードは大切に保管してください（各 1 回のみ使用可）。',
  },
  totp_disabled: {
    'zh-CN': '已停用二次验证',
    en: 'Two-step verification is off.',
    ja: '二段階認証を無効にしました。',
  },
  recovery_codes_regenerated: {
    'zh-CN': '已生成新的恢复码，旧恢复码已失效',
    en: 'New recovery codes are ready; the old ones no longer work.',
    ja: '新しいリカバリーコードを発行しました。以前のコードは使用できません。',
  },
  device_signed_out: {
    'zh-CN': '该设备已退出登录',
    en: 'That device is signed out.',
    ja: 'その端末をログアウトしました。',
  },
  devices_signed_out: {
    'zh-CN': '其他设备均已退出登录',
    en: 'Every other device is signed out.',
    ja: 'ほかの端末をすべてログアウトしました。',
  },
  inbox_sessions_signed_out_title: {
    'zh-CN': '其他设备已退出登录',
    en: 'Other devices signed out',
    ja: 'ほかの端末をログアウトしました',
  },
  inbox_sessions_signed_out_body: {
    'zh-CN': '您已将其他 {{count}} 个设备上的登录全部退出，这些设备需重新登录。如非本人操作，请立即修改登录密码。',
    en:
      'You signed out {{count}} other devices at once; they have to sign in again. If this was not you, change ' +
      'your password now.',
    en_one:
      'You signed out {{count}} other device at once; it has to sign in again. If this was not you, change your ' +
      'password now.',
    ja: 'ほかの {{count}} 台の端末をまとめてログアウトしました。再度ログインが必要です。お心当たりがない場合は、すぐにパスワードを変更してください。',
    countedBy: 'count',
  },
  inbox_session_cap_ended_title: {
    'zh-CN': '最早的一个登录已结束',
    en: 'Your oldest session was signed out',
    ja: '最も古いログインを終了しました',
  },
  inbox_session_cap_ended_body: {
    'zh-CN':
      '{{at}} 在 {{device}}（IP {{ip}}）上的新登录使同时登录的设备超过 {{max}} 个，因此 {{since}} 起在 {{ended_device}} ' +
      '上的登录已结束，该设备需重新登录。如非本人操作，请立即修改登录密码，并在“登录设备”中退出其他设备。',
    en:
      'A new sign-in on {{device}} (IP {{ip}}) at {{at}} took you past {{max}} devices at once, so the session on ' +
      '{{ended_device}} open since {{since}} was signed out; that device has to sign in again. If this was not you, ' +
      'change your password now and sign out the other devices under Devices.',
    ja:
      '{{at}} に {{device}}（IP {{ip}}）でログインしたため同時ログインが {{max}} 台を超え、{{since}} から続いていた ' +
      '{{ended_device}} のログインを終了しました。その端末では再度ログインが必要です。お心当たりがない場合は、' +
      'すぐにパスワードを変更し、「ログイン端末」でほかの端末をログアウトしてください。',
  },
  device_not_found: {
    'zh-CN': '该设备的登录已结束或不存在',
    en: 'That device’s session has already ended or does not exist.',
    ja: 'その端末のセッションは終了済みか、存在しません。',
  },
  passkey_response_invalid: {
    'zh-CN': '通行密钥的响应无效，请重试',
    en: 'The passkey’s answer could not be read. Try again.',
    ja: 'パスキーの応答を読み取れませんでした。もう一度お試しください。',
  },
  passkey_challenge_expired: {
    'zh-CN': '通行密钥验证已过期，请重新开始',
    en: 'This passkey request has expired. Start again.',
    ja: 'このパスキーの要求は期限切れです。最初からやり直してください。',
  },
  passkey_withdraw_mismatch: {
    'zh-CN': '通行密钥确认的提现与本次提现的金额或银行卡不一致，请重新确认',
    en: 'The passkey confirmed a different withdrawal (amount or card). Confirm this one again.',
    ja: 'パスキーで確認した出金と金額または口座が異なります。この出金をもう一度確認してください。',
  },
  passkey_not_recognised: {
    'zh-CN': '未识别此通行密钥，请使用已在本账户登记的通行密钥，或使用密码登录',
    en: 'This passkey is not registered here. Use one registered to your account, or sign in with your password.',
    ja: 'このパスキーは登録されていません。アカウントに登録したパスキーを使うか、パスワードでログインしてください。',
  },
  passkey_verification_failed: {
    'zh-CN': '通行密钥验证未通过（需在本网站上并验证指纹、面容或锁屏密码）',
    en: 'The passkey check failed: it must be used on this site and with your fingerprint, face or screen lock.',
    ja: 'パスキーの確認に失敗しました。このサイトで、指紋・顔・画面ロックによる確認とともに使用してください。',
  },
  passkey_not_found: {
    'zh-CN': '没有找到通行密钥，请先在“安全设置”中添加',
    en: 'No passkey found. Add one under Security first.',
    ja: 'パスキーが見つかりません。先に「セキュリティ」で追加してください。',
  },
  passkey_already_registered: {
    'zh-CN': '此通行密钥已登记',
    en: 'This passkey is already registered.',
    ja: 'このパスキーは登録済みです。',
  },
  passkey_name_too_long: {
    'zh-CN': '通行密钥名称最多 64 个字',
    en: 'A passkey name has at most 64 characters.',
    ja: 'パスキー名は 64 文字までです。',
  },
  passkey_registered: { 'zh-CN': '通行密钥已添加', en: 'Passkey added.', ja: 'パスキーを追加しました。' },
  passkey_deleted: { 'zh-CN': '通行密钥已删除', en: 'Passkey removed.', ja: 'パスキーを削除しました。' },
  withdraw_confirmation_required: {
    'zh-CN': '请输入资金密码，或使用通行密钥确认提现',
    en: 'Enter your fund password, or confirm the withdrawal with a passkey.',
    ja: '取引暗証番号を入力するか、パスキーで出金を確認してください。',
  },
  inbox_new_device_login_title: {
    'zh-CN': '新设备登录提醒',
    en: 'Sign-in from a new device',
    ja: '新しい端末からのログイン',
  },
  inbox_new_device_login_body: {
    'zh-CN':
      '您的账户刚刚在新设备上登录：{{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，并在“登录设备”中将其退出。',
    en:
      'Your account was just signed in on a new device: {{device}} (IP {{ip}}). If this was not you, change your ' +
      'password now and sign that device out under Signed-in devices.',
    ja:
      '新しい端末でログインがありました：{{device}}（IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを' +
      '変更し、「ログイン中の端末」からその端末をログアウトしてください。',
  },
  // New login passwords (server/src/security/password-policy.ts, docs/decisions/0032-password-policy.md).
  password_common: {
    'zh-CN': '该密码在常用密码列表中，很容易被猜到，请换一个',
    en: 'This password is on a list of common passwords. Choose another one.',
    ja: 'このパスワードはよく使われるパスワードの一覧に載っています。別のパスワードにしてください。',
  },
  password_personal: {
    'zh-CN': '密码不能包含您的账号（手机号码）或邮箱地址',
    en: 'The password must not contain your account (mobile number) or your email address.',
    ja: 'パスワードにアカウント（携帯電話番号）やメールアドレスを含めないでください。',
  },
  password_guessable: {
    'zh-CN':
      '该密码很容易被猜到（重复或连续的字符、键盘上相邻的键、常见单词加几个数字等）。由几个词组成的较长密码更安全',
    en:
      'This password is easy to guess (repeated or sequential characters, a row of keys, a common word with a few ' +
      'digits). A longer phrase of several words is safer.',
    ja:
      'このパスワードは推測されやすいです（同じ文字や連続した文字、キーボードの並び、よくある単語と数字の組み合わせ' +
      'など）。いくつかの単語をつなげた長めのフレーズのほうが安全です。',
  },
} as const satisfies CatalogueEntries;
