import type { Side } from './order-form';

/**
 * One wording and one colour per side of an order, for every place that shows it: the stock page's bar, the ticket's
 * direction control and submit button, the confirmation (issue 35: in Chinese the bar painted buy long blue and
 * sell short red, the reverse of the ticket; in English the two disagreed in words too). The tone is the design
 * tokens' --color-up / --color-down, which follow the user's up/down convention (red-up in Chinese and Japanese,
 * green-up in English): buying long is betting on "up", selling short on "down".
 */
export const SIDE_STYLE = {
  long: { label: 'trade.long', tone: 'up', submit: 'trade.submitLong', confirm: 'trade.confirm.okLong' },
  short: { label: 'trade.short', tone: 'down', submit: 'trade.submitShort', confirm: 'trade.confirm.okShort' },
} as const satisfies Record<Side, { label: string; tone: 'up' | 'down'; submit: string; confirm: string }>;
