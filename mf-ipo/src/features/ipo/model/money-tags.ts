/** What a new-share money call invalidates: the issue and records, and every fund figure (the hold moved). */
export const NEW_SHARE_MONEY_TAGS = ['NewShares', 'Funds', 'Assets', 'User'] as const;
