/** The new-share fields of spec §3, in display order (keys under `info.field.`). */
export const NEW_SHARE_FIELDS = [
  'subscriptionPrice',
  'marketPrice',
  'issuePrice',
  'premium',
  'peRatio',
  'subscriptionCap',
  'subscriptionQuantity',
  'allottedQuantity',
  'subscribedAmount',
  'allotmentNumber',
  'hitRate',
  'underwriter',
  'lockUpDays',
  'issueSize',
  'drawDate',
  'listingDate',
  'distributionDate',
] as const;

/** Tabs of /home/newShare (spec §2). */
export const NEW_SHARE_TABS = ['toSubscribe', 'subscribing', 'ended', 'records', 'allotments'] as const;
export type NewShareTab = (typeof NEW_SHARE_TABS)[number];

/** An order counts as subscribed (funds held) at status 1 (spec §3, §4). */
export const isCounted = (status: number) => status === 1;
