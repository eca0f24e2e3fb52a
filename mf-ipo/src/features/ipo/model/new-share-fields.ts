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

/**
 * The state badge of an issue (spec §4's states, told apart where the walk found them mixed up, issue 35): not
 * started, open, closed awaiting the draw, drawn awaiting the listing, listed; withdrawn ends it. The tabs keep the
 * spec's three lists (to subscribe = not started + open, subscribing = closed until listed, ended).
 */
export function issueState(issue: Pick<NewShareIssue, 'state' | 'withdrawn' | 'drawn'>): {
  key: 'not_started' | 'open' | 'closed' | 'drawn' | 'listed' | 'withdrawn';
  tone: StatusTone;
} {
  if (issue.withdrawn) return { key: 'withdrawn', tone: 'danger' };
  switch (issue.state) {
    case 'not_started':
      return { key: 'not_started', tone: 'neutral' };
    case 'to_subscribe':
      return { key: 'open', tone: 'info' };
    case 'subscribing':
      return issue.drawn ? { key: 'drawn', tone: 'success' } : { key: 'closed', tone: 'pending' };
    case 'ended':
      return { key: 'listed', tone: 'neutral' };
  }
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

/** The subscriber's state as shown: a paid allotment whose issue listed (status 4) reads as listed, not as paid. */
export function applicationShown(application: Pick<NewShareApplication, 'state' | 'status'>): {
  key: NewShareApplication['state'] | 'listed';
  tone: StatusTone;
} {
  if (application.state === 'subscribed' && application.status === 4) return { key: 'listed', tone: 'success' };
  return { key: application.state, tone: APPLICATION_TONES[application.state] };
}

/** Whether the user still has to confirm or decline the allotment (won, before the payment deadline). */
export const paymentDue = (application: Pick<NewShareApplication, 'state'>) => application.state === 'won';
