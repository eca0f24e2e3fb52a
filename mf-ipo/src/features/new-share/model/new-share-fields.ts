import type { StatusTone } from 'shared/ui';
import type { NewShareApplication, NewShareIssue } from 'shared/contract';

/** The new-share fields of spec §3 the detail card shows, in display order (keys under `info.field.`). */
export const NEW_SHARE_FIELDS = [
  'code',
  'market',
  'subscriptionPrice',
  'issuePrice',
  'marketPrice',
  'premium',
  'peRatio',
  'subscriptionCap',
  'lotSize',
  'issueSize',
  'hitRate',
  'underwriter',
  'lockUpDays',
  'window',
  'drawDate',
  'payDeadline',
  'listingDate',
  'distributionDate',
] as const;
export type NewShareField = (typeof NEW_SHARE_FIELDS)[number];

/** Tabs of /home/newShare (spec §2): three lists of issues, then the user's records and allotments. */
export const NEW_SHARE_TABS = ['toSubscribe', 'subscribing', 'ended', 'records', 'allotments'] as const;
export type NewShareTab = (typeof NEW_SHARE_TABS)[number];
/** The tabs that list issues (/ipo/list `tab`); the others list the user's subscriptions. */
export const ISSUE_TABS = ['toSubscribe', 'subscribing', 'ended'] as const;
export type IssueTab = (typeof ISSUE_TABS)[number];
/** /trade/usernewstocklist `tab`: every subscription, or the drawn ones. */
export type RecordsTab = 'records' | 'allotments';

export const isIssueTab = (tab: NewShareTab): tab is IssueTab => (ISSUE_TABS as readonly string[]).includes(tab);

/** The state badge of an issue (spec §4: not started, to subscribe, subscribing, ended; withdrawn ends it). */
export function issueState(issue: Pick<NewShareIssue, 'state' | 'withdrawn'>): {
  key: string;
  tone: StatusTone;
} {
  if (issue.withdrawn) return { key: 'withdrawn', tone: 'danger' };
  const tones: Record<NewShareIssue['state'], StatusTone> = {
    not_started: 'neutral',
    to_subscribe: 'info',
    subscribing: 'pending',
    ended: 'neutral',
  };
  return { key: issue.state, tone: tones[issue.state] };
}

/** The subscriber states of spec §4 and their badge tone (the text is `info.applicationState.<state>`). */
export const APPLICATION_TONES: Record<NewShareApplication['state'], StatusTone> = {
  awaiting_draw: 'pending',
  won: 'warning',
  subscribed: 'success',
  not_won: 'neutral',
  abstained: 'neutral',
  failed: 'danger',
};

/** Whether the user still has to confirm or decline the allotment (won, before the payment deadline). */
export const paymentDue = (application: Pick<NewShareApplication, 'state'>) => application.state === 'won';
