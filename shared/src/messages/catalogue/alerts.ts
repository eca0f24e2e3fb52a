/**
 * Price alerts and watchlist groups (docs/decisions/0022-alerts-and-watchlist-groups.md): refusals, successes and
 * the inbox message of a fired alert. An inbox message keeps its values once stored, so the stock's name is stored
 * in every language ({{name_zh}}, {{name_en}}, {{name_ja}}) and each text uses its own.
 */
import type { CatalogueEntries } from './entry';

export const ALERT_MESSAGES = {
  alert_threshold_required: {
    'zh-CN': '请输入提醒的价格或涨跌幅',
    en: 'Enter the alert’s price or percentage.',
    ja: '通知する価格または騰落率を入力してください。',
  },
  alert_threshold_invalid: {
    'zh-CN': '提醒阈值须为大于 0 的数字（最多 8 位小数，涨跌幅不超过 100%）',
    en: 'The threshold must be a number above 0 (up to 8 decimals; a change of at most 100 %).',
    ja: 'しきい値は 0 より大きい数値で入力してください（小数 8 桁まで、騰落率は 100% まで）。',
  },
  alert_limit_reached: {
    'zh-CN': '最多可设置 {{max}} 个有效提醒，请先删除不需要的提醒',
    en: 'You can have at most {{max}} active alerts. Delete one you no longer need first.',
    ja: '有効なアラートは最大 {{max}} 件です。不要なアラートを先に削除してください。',
  },
  alert_created: { 'zh-CN': '价格提醒已设置', en: 'Price alert set.', ja: '株価アラートを設定しました。' },
  alert_deleted: { 'zh-CN': '价格提醒已删除', en: 'Price alert deleted.', ja: '株価アラートを削除しました。' },
  watch_group_name_required: {
    'zh-CN': '请输入分组名称',
    en: 'Enter a group name.',
    ja: 'グループ名を入力してください。',
  },
  watch_group_name_too_long: {
    'zh-CN': '分组名称最多 {{max}} 个字',
    en: 'A group name has at most {{max}} characters.',
    ja: 'グループ名は {{max}} 文字までです。',
  },
  watch_group_name_taken: {
    'zh-CN': '已有同名分组，请换一个名称',
    en: 'You already have a group with this name. Choose another.',
    ja: '同じ名前のグループがあります。別の名前にしてください。',
  },
  watch_group_limit: {
    'zh-CN': '最多可建 {{max}} 个分组，请先删除一个分组',
    en: 'You can have at most {{max}} groups. Delete one first.',
    ja: 'グループは最大 {{max}} 個です。先に 1 つ削除してください。',
  },
  watch_group_created: { 'zh-CN': '分组已创建', en: 'Group created.', ja: 'グループを作成しました。' },
  watch_group_renamed: { 'zh-CN': '分组已重命名', en: 'Group renamed.', ja: 'グループ名を変更しました。' },
  watch_group_deleted: {
    'zh-CN': '分组已删除，其中的股票已移回默认分组',
    en: 'Group deleted. Its stocks are back in the default group.',
    ja: 'グループを削除しました。銘柄はデフォルトグループに戻りました。',
  },
  watch_moved: { 'zh-CN': '已移动到所选分组', en: 'Moved to the group.', ja: 'グループに移動しました。' },
  watch_reordered: { 'zh-CN': '顺序已更新', en: 'Order updated.', ja: '並び順を更新しました。' },
  watch_not_found: {
    'zh-CN': '该股票不在自选中',
    en: 'This stock is not in your watchlist.',
    ja: 'この銘柄はお気に入りにありません。',
  },
  inbox_alert_price_above_title: { 'zh-CN': '价格提醒', en: 'Price alert', ja: '株価アラート' },
  inbox_alert_price_above_body: {
    'zh-CN': '{{name_zh}}（{{code}}）现价 {{price}} {{currency}}，已达到或高于您设置的 {{threshold}}。该提醒已关闭。',
    en:
      '{{name_en}} ({{code}}) is at {{price}} {{currency}}, at or above your alert price of {{threshold}}. ' +
      'The alert is now off.',
    ja: '{{name_ja}}（{{code}}）の現在値は {{price}} {{currency}} で、設定価格 {{threshold}} 以上になりました。このアラートは終了しました。',
  },
  inbox_alert_price_below_title: { 'zh-CN': '价格提醒', en: 'Price alert', ja: '株価アラート' },
  inbox_alert_price_below_body: {
    'zh-CN': '{{name_zh}}（{{code}}）现价 {{price}} {{currency}}，已达到或低于您设置的 {{threshold}}。该提醒已关闭。',
    en:
      '{{name_en}} ({{code}}) is at {{price}} {{currency}}, at or below your alert price of {{threshold}}. ' +
      'The alert is now off.',
    ja: '{{name_ja}}（{{code}}）の現在値は {{price}} {{currency}} で、設定価格 {{threshold}} 以下になりました。このアラートは終了しました。',
  },
  inbox_alert_change_beyond_title: { 'zh-CN': '涨跌幅提醒', en: 'Daily change alert', ja: '騰落率アラート' },
  inbox_alert_change_beyond_body: {
    'zh-CN':
      '{{name_zh}}（{{code}}）今日涨跌 {{change}}%（现价 {{price}} {{currency}}），超过您设置的 ±{{threshold}}%。该提醒已关闭。',
    en:
      '{{name_en}} ({{code}}) moved {{change}} % today (now {{price}} {{currency}}), beyond your ±{{threshold}} % ' +
      'alert. The alert is now off.',
    ja:
      '{{name_ja}}（{{code}}）の本日の騰落率は {{change}}%（現在値 {{price}} {{currency}}）で、' +
      '設定した ±{{threshold}}% を超えました。このアラートは終了しました。',
  },
} as const satisfies CatalogueEntries;
