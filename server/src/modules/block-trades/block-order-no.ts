/**
 * Order numbers of block-trade applications: 'B', the Japan-time date and time, eight random digits
 * (B2026112409301212345678), the format of modules/funds/order-no.ts.
 */
import { randomInt } from 'node:crypto';

export function newBlockOrderNo(now: Date): string {
  const jst = new Date(now.getTime() + 9 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `B${jst}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
