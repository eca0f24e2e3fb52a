import type { LendingOverview } from 'shared/contract';

/** The ids of the positions lent to the house now (lent, or recalled and not yet returned): no Close for them. */
export function lentPositionIds(overview: LendingOverview | undefined): ReadonlySet<string> {
  return new Set((overview?.lendings ?? []).filter((l) => l.status !== 'returned').map((l) => String(l.position_id)));
}
