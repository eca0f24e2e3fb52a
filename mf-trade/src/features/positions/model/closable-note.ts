/**
 * Why a holding cannot be closed before `closable_from`, so the lists say the right rule: the server
 * answers `closable_reason` (server/src/modules/trade/t-plus-one.ts `closableReason`): 'lockup' when a
 * new share's lock-up ends after any T+1 date, 't_plus_one' for China's T+1. A granted holding also says where it
 * came from (`source`: a block-trade or a new-share allotment), which the lists tag.
 */
import { textField } from './position-rows';

export type ClosableReason = 'tPlusOne' | 'lockup';

/** The rule behind a holding's `closable_from`, as the server names it. */
export function closableReason(record: Record<string, unknown>): ClosableReason {
  return textField(record, 'closable_reason') === 'lockup' ? 'lockup' : 'tPlusOne';
}

/**
 * The locale key of the note saying from when a holding may be closed, and why: a block-trade allotment's lock-up
 * (the listing's, issue 35) is named as such, not as a new share's.
 */
export function closableNoteKey(record: Record<string, unknown>): string {
  if (closableReason(record) !== 'lockup') return 'positions.detail.closableFrom';
  return textField(record, 'source') === 'block' ? 'positions.detail.lockedUntilBlock' : 'positions.detail.lockedUntil';
}

/** Where a holding came from when it is not an ordinary order: a block-trade or a new-share allotment. */
export type GrantedSource = 'block' | 'new_share';

/** The allotment a holding came from (the wire's `source`), or undefined for an order. */
export function grantedSource(record: Record<string, unknown>): GrantedSource | undefined {
  const source = textField(record, 'source');
  return source === 'block' || source === 'new_share' ? source : undefined;
}
