/**
 * Order numbers: a letter for the kind, the Japan-time date and time, eight random digits
 * (D2026111609301212345678). N: a new-share subscription; Y: a day-trading application; B: a block-trade
 * application. The one place order numbers are made.
 */
import { randomInt } from 'node:crypto';

export type OrderKind = 'D' | 'W' | 'X' | 'L' | 'R' | 'C' | 'T' | 'N' | 'Y' | 'B';

export function newOrderNo(kind: OrderKind, now: Date): string {
  const jst = new Date(now.getTime() + 9 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${kind}${jst}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
