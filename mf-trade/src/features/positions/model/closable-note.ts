/**
 * Why a holding cannot be closed before `closable_from`, so the lists say the right rule: the server
 * answers `closable_reason` (server/src/modules/trade/t-plus-one.ts `closableReason`): 'lockup' when a
 * new share's lock-up ends after any T+1 date, 't_plus_one' for China's T+1.
 */
import { textField } from './position-rows';

export type ClosableReason = 'tPlusOne' | 'lockup';

/** The rule behind a holding's `closable_from`, as the server names it. */
export function closableReason(record: Record<string, unknown>): ClosableReason {
  return textField(record, 'closable_reason') === 'lockup' ? 'lockup' : 'tPlusOne';
}

/** The locale key of the note saying from when a holding may be closed, and why. */
export function closableNoteKey(record: Record<string, unknown>): string {
  return closableReason(record) === 'lockup' ? 'positions.detail.lockedUntil' : 'positions.detail.closableFrom';
}
