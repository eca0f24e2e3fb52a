import type { DayTrade } from 'shared/contract';
import type { StatusTone } from 'shared/ui';

/** Badge tone of each spec §4 day-trade state (the text is `day.state.<state>`, never colour alone). */
export const DAY_TONES: Record<DayTrade['status'], StatusTone> = {
  submitted: 'pending',
  applied: 'info',
  in_trade: 'warning',
  filled: 'success',
  failed: 'danger',
};

/** Whether orders may be placed on the application (approved for its trade date and not settled). */
export function isTrading(application: Pick<DayTrade, 'status'>): boolean {
  return application.status === 'applied' || application.status === 'in_trade';
}
