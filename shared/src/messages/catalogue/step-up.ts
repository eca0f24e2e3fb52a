/**
 * Step-up and security notices (issue 33 point 2; docs/decisions/0027-second-factors-and-devices.md, amendment
 * of 2026-12-01): the refusals and answers of /user/stepUpOptions and /user/stepUp, suspended passkeys, the
 * bootstrap administrator's set-up code, and the inbox (and e-mail) notice of every factor or withdrawal-card change.
 */
import type { CatalogueEntries } from './entry';

export const STEP_UP_MESSAGES = {
  step_up_required: {
    'zh-CN':
      '此操作需要再次确认身份：请输入登录密码和二次验证（验证码、恢复码或通行密钥；未设置二次验证时为邮件验证码）',
    en:
      'This change needs you to confirm it is you: enter your password and your second factor (an authenticator or ' +
      'recovery code, or a passkey; an e-mail code if you have none).',
    ja: 'この変更には本人確認が必要です。パスワードと二要素（認証アプリのコード、リカバリーコードまたはパスキー。未設定の場合はメールのコード）を入力してください。',
  },
  step_up_code_required: {
    'zh-CN': '请输入身份验证器中的 6 位验证码（或一个恢复码），或使用通行密钥确认',
    en: 'Enter the 6-digit code from your authenticator app (or a recovery code), or confirm with a passkey.',
    ja: '認証アプリの 6 桁のコード（またはリカバリーコード）を入力するか、パスキーで確認してください。',
  },
  step_up_passkey_required: {
    'zh-CN': '请使用您的通行密钥确认（您的账户以通行密钥作为二次验证）',
    en: 'Confirm with your passkey: it is the second factor of your account.',
    ja: 'パスキーで確認してください。このアカウントの二要素はパスキーです。',
  },
  step_up_email_code_wrong: {
    'zh-CN': '邮件验证码错误或已过期，请重新获取验证码',
    en: 'The e-mail code is wrong or has expired. Ask for a new code.',
    ja: 'メールのコードが正しくないか、有効期限が切れています。新しいコードを請求してください。',
  },
  step_up_email_code_sent: {
    'zh-CN': '6 位验证码已发送至您的注册邮箱，10 分钟内有效',
    en: 'A 6-digit code was sent to your registered e-mail address. It is valid for 10 minutes.',
    ja: '登録メールアドレスに 6 桁のコードを送信しました。有効期限は 10 分間です。',
  },
  step_up_done: {
    'zh-CN': '身份已确认，5 分钟内可继续此操作',
    en: 'Confirmed. You can go on with this change for 5 minutes.',
    ja: '本人確認が完了しました。5 分間この変更を続けられます。',
  },
  passkey_suspended: {
    'zh-CN': '因密码已重置，此通行密钥已暂停使用：请在“安全设置”中确认身份后将其恢复或删除',
    en:
      'This passkey is suspended because your password was reset. Under Security, confirm it is you, then confirm ' +
      'or remove the passkey.',
    ja: 'パスワードが再設定されたため、このパスキーは停止中です。「セキュリティ」で本人確認のうえ、パスキーを確認するか削除してください。',
  },
  passkey_confirmed: {
    'zh-CN': '通行密钥已恢复使用',
    en: 'The passkey works again.',
    ja: 'パスキーが再び使えるようになりました。',
  },
  admin_enrol_code_required: {
    'zh-CN': '请输入管理员初始设置码：由服务器管理员运行 create-admin（或 grant-role）时打印',
    en: 'Enter the administrator set-up code. The server operator gets it by running create-admin (or grant-role).',
    ja: '管理者の初期設定コードを入力してください。サーバー運用者が create-admin（または grant-role）を実行すると表示されます。',
  },
  admin_enrol_code_wrong: {
    'zh-CN': '管理员初始设置码错误、已使用或已过期：请让服务器管理员运行 create-admin（或 grant-role）获取新的设置码',
    en:
      'The administrator set-up code is wrong, used or expired. Ask the server operator to run create-admin (or ' +
      'grant-role) for a new one.',
    ja: '管理者の初期設定コードが正しくないか、使用済みか、期限切れです。サーバー運用者に create-admin（または grant-role）で新しいコードを発行してもらってください。',
  },
  inbox_security_passkey_added_title: {
    'zh-CN': '已添加通行密钥',
    en: 'A passkey was added',
    ja: 'パスキーが追加されました',
  },
  inbox_security_passkey_added_body: {
    'zh-CN':
      '您的账户添加了一个新的通行密钥：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'A new passkey was added to your account at {{at}} from {{device}} (IP {{ip}}). If this was not you, change ' +
      'your password now, sign out the devices you do not know under Signed-in devices, and contact support.',
    ja:
      'アカウントに新しいパスキーが追加されました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末をログアウトし' +
      'て、サポートにご連絡ください。',
  },
  inbox_security_passkey_removed_title: {
    'zh-CN': '已删除通行密钥',
    en: 'A passkey was removed',
    ja: 'パスキーが削除されました',
  },
  inbox_security_passkey_removed_body: {
    'zh-CN':
      '您的账户删除了一个通行密钥：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'A passkey was removed from your account at {{at}} from {{device}} (IP {{ip}}). If this was not you, change ' +
      'your password now, sign out the devices you do not know under Signed-in devices, and contact support.',
    ja:
      'アカウントからパスキーが削除されました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末をログアウトして、' +
      'サポートにご連絡ください。',
  },
  inbox_security_passkey_confirmed_title: {
    'zh-CN': '已恢复通行密钥',
    en: 'A passkey was confirmed',
    ja: 'パスキーが確認されました',
  },
  inbox_security_passkey_confirmed_body: {
    'zh-CN':
      '您的账户恢复了一个被暂停的通行密钥：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'A suspended passkey of your account was confirmed and works again at {{at}} from {{device}} (IP {{ip}}). If ' +
      'this was not you, change your password now, sign out the devices you do not know under Signed-in devices, ' +
      'and contact support.',
    ja:
      'アカウントの停止中のパスキーが確認され、再び使えるようになりました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚え' +
      'のない端末をログアウトして、サポートにご連絡ください。',
  },
  inbox_security_totp_enabled_title: {
    'zh-CN': '已开启二次验证',
    en: 'Two-step verification turned on',
    ja: '二要素認証が有効になりました',
  },
  inbox_security_totp_enabled_body: {
    'zh-CN':
      '您的账户开启了身份验证器二次验证：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'Two-step verification with an authenticator app was turned on for your account at {{at}} from {{device}} ' +
      '(IP {{ip}}). If this was not you, change your password now, sign out the devices you do not know under ' +
      'Signed-in devices, and contact support.',
    ja:
      'アカウントで認証アプリによる二要素認証が有効になりました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末' +
      'をログアウトして、サポートにご連絡ください。',
  },
  inbox_security_totp_disabled_title: {
    'zh-CN': '已关闭二次验证',
    en: 'Two-step verification turned off',
    ja: '二要素認証が無効になりました',
  },
  inbox_security_totp_disabled_body: {
    'zh-CN':
      '您的账户关闭了身份验证器二次验证：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'Two-step verification with an authenticator app was turned off for your account at {{at}} from {{device}} ' +
      '(IP {{ip}}). If this was not you, change your password now, sign out the devices you do not know under ' +
      'Signed-in devices, and contact support.',
    ja:
      'アカウントで認証アプリによる二要素認証が無効になりました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末' +
      'をログアウトして、サポートにご連絡ください。',
  },
  inbox_security_recovery_codes_title: {
    'zh-CN': '恢复码已更换',
    en: 'New recovery codes',
    ja: 'リカバリーコードが再発行されました',
  },
  inbox_security_recovery_codes_body: {
    'zh-CN':
      '您的账户生成了新的恢复码，旧恢复码已失效：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'New recovery codes were made for your account; the old ones no longer work at {{at}} from {{device}} (IP ' +
      '{{ip}}). If this was not you, change your password now, sign out the devices you do not know under ' +
      'Signed-in devices, and contact support.',
    ja:
      'アカウントのリカバリーコードが再発行され、以前のコードは使えなくなりました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」か' +
      'ら見覚えのない端末をログアウトして、サポートにご連絡ください。',
  },
  inbox_security_bank_card_added_title: {
    'zh-CN': '已绑定提现银行卡',
    en: 'A withdrawal card was added',
    ja: '出金口座が追加されました',
  },
  inbox_security_bank_card_added_body: {
    'zh-CN':
      '您的账户绑定了新的提现银行卡：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'A new withdrawal bank card was added to your account at {{at}} from {{device}} (IP {{ip}}). If this was not ' +
      'you, change your password now, sign out the devices you do not know under Signed-in devices, and contact ' +
      'support.',
    ja:
      'アカウントに新しい出金口座が登録されました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末をログアウトし' +
      'て、サポートにご連絡ください。',
  },
  inbox_security_bank_card_changed_title: {
    'zh-CN': '提现银行卡已修改',
    en: 'A withdrawal card was changed',
    ja: '出金口座が変更されました',
  },
  inbox_security_bank_card_changed_body: {
    'zh-CN':
      '您的账户修改了提现银行卡：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'A withdrawal bank card of your account was changed at {{at}} from {{device}} (IP {{ip}}). If this was not ' +
      'you, change your password now, sign out the devices you do not know under Signed-in devices, and contact ' +
      'support.',
    ja:
      'アカウントの出金口座が変更されました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末をログアウトして、サ' +
      'ポートにご連絡ください。',
  },
  inbox_security_bank_card_removed_title: {
    'zh-CN': '已删除提现银行卡',
    en: 'A withdrawal card was removed',
    ja: '出金口座が削除されました',
  },
  inbox_security_bank_card_removed_body: {
    'zh-CN':
      '您的账户删除了提现银行卡：{{at}}，设备 {{device}}（IP {{ip}}）。如非本人操作，请立即修改登录密码，在“登录设备”中退出不认识的设备，并联系客服。',
    en:
      'A withdrawal bank card was removed from your account at {{at}} from {{device}} (IP {{ip}}). If this was not ' +
      'you, change your password now, sign out the devices you do not know under Signed-in devices, and contact ' +
      'support.',
    ja:
      'アカウントから出金口座が削除されました（{{at}}、端末 {{device}}、IP {{ip}}）。お心当たりがない場合は、すぐにパスワードを変更し、「ログイン中の端末」から見覚えのない端末をログアウトして、' +
      'サポートにご連絡ください。',
  },
  inbox_security_password_reset_title: {
    'zh-CN': '登录密码已重置',
    en: 'Your password was reset',
    ja: 'パスワードが再設定されました',
  },
  inbox_security_password_reset_body: {
    'zh-CN':
      '您的登录密码已于 {{at}} 通过邮件验证码重置（IP {{ip}}），所有设备均已退出，已有的通行密钥暂停使用，须在“安全设置”中确认身份后恢复或删除。如非本人操作，请立即再次重置密码并联系客服。',
    en:
      'Your password was reset with an e-mail code at {{at}} (IP {{ip}}). Every device was signed out and your ' +
      'passkeys are suspended until you confirm or remove them under Security, after confirming it is you. If this ' +
      'was not you, reset your password again now and contact support.',
    ja:
      'パスワードが {{at}} にメールのコードで再設定されました（IP {{ip}}）。すべての端末がログアウトされ、既存のパスキーは「セキュリティ」で本人確認のうえ確認または削除するまで停止されます。お心当たりが' +
      'ない場合は、すぐにもう一度パスワードを再設定し、サポートにご連絡ください。',
  },
} as const satisfies CatalogueEntries;
