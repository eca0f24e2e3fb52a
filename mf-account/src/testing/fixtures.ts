/** Answers of the fake API shared by this remote's screen tests (shapes of shared/contract). */
export const userInfoFixture = (patch: Record<string, unknown> = {}) => ({
  account: '0901234567',
  currency: 'JPY',
  jpy: '1000',
  jpyyjed: '0',
  frozen: '0',
  total: '1000',
  ccsz: '0',
  fdyk: '0',
  realname_status: 'none',
  has_fund_password: false,
  unread_messages: 0,
  ...patch,
});

export const session = { language: 'us', token: 'tok', account: '0901234567', market: 'jpy' } as const;
