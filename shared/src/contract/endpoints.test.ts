import {
  ADMIN_PERMISSIONS,
  adminMayCall,
  ADMIN_ENDPOINTS,
  ALERT_ENDPOINTS,
  BLOCK_ADMIN_ENDPOINTS,
  BLOCK_ENDPOINTS,
  ADMIN_IPO_ENDPOINTS,
  ADMIN_USERS_ENDPOINTS,
  COMMON_ENDPOINTS,
  COPYTRADE_ADMIN_ENDPOINTS,
  COPYTRADE_ENDPOINTS,
  DAYTRADE_ADMIN_ENDPOINTS,
  DAYTRADE_ENDPOINTS,
  ENDPOINTS,
  FUNDS_ENDPOINTS,
  IPO_ENDPOINTS,
  LENDING_ENDPOINTS,
  NEWS_ENDPOINTS,
  SECURITY_ENDPOINTS,
  STOCK_ENDPOINTS,
  TRADE_ENDPOINTS,
  TRADE_HOLDINGS_ENDPOINTS,
  TRADE_ORDER_ENDPOINTS,
  TRADE_PREVIEW_ENDPOINTS,
  USER_ASSETS_ENDPOINTS,
  USER_BANK_ENDPOINTS,
  USER_ENDPOINTS,
  WATCH_GROUP_ENDPOINTS,
  type EndpointDef,
} from './index';

/** Each area file's table, by the URL area its paths must be under. */
const AREAS: Array<[string, Record<string, EndpointDef>]> = [
  ['common', COMMON_ENDPOINTS],
  ['user', USER_ENDPOINTS],
  ['user', USER_BANK_ENDPOINTS],
  ['user', USER_ASSETS_ENDPOINTS],
  ['funds', FUNDS_ENDPOINTS],
  ['trade', TRADE_ENDPOINTS],
  ['trade', TRADE_HOLDINGS_ENDPOINTS],
  ['trade', TRADE_ORDER_ENDPOINTS],
  ['trade', TRADE_PREVIEW_ENDPOINTS],
  ['stock', STOCK_ENDPOINTS],
  ['stock', ALERT_ENDPOINTS],
  ['stock', WATCH_GROUP_ENDPOINTS],
  ['news', NEWS_ENDPOINTS],
  ['admin', ADMIN_ENDPOINTS],
  ['block', BLOCK_ENDPOINTS],
  ['admin', BLOCK_ADMIN_ENDPOINTS],
  ['ipo', IPO_ENDPOINTS],
  ['admin', ADMIN_IPO_ENDPOINTS],
  ['admin', ADMIN_USERS_ENDPOINTS],
  ['copy', COPYTRADE_ENDPOINTS],
  ['admin', COPYTRADE_ADMIN_ENDPOINTS],
  ['daytrade', DAYTRADE_ENDPOINTS],
  ['admin', DAYTRADE_ADMIN_ENDPOINTS],
  ['lending', LENDING_ENDPOINTS],
  ['user', SECURITY_ENDPOINTS],
];

describe('the contract cut by URL area', () => {
  it('keeps every endpoint of an area file under that area', () => {
    for (const [area, table] of AREAS)
      for (const [name, endpoint] of Object.entries(table))
        expect([name, endpoint.path]).toEqual([name, expect.stringMatching(new RegExp(`^/${area}/[A-Za-z]+$`))]);
  });

  it('merges the area tables into ENDPOINTS without one name shadowing another', () => {
    const names = AREAS.flatMap(([, table]) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...names].sort());
    for (const [, table] of AREAS)
      for (const [name, endpoint] of Object.entries(table))
        expect(ENDPOINTS[name as keyof typeof ENDPOINTS]).toBe(endpoint);
  });

  it('answers each path once', () => {
    const paths = Object.values(ENDPOINTS as Record<string, EndpointDef>).map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the back-office permission table', () => {
  const adminNames = Object.entries(ENDPOINTS as Record<string, EndpointDef>)
    .filter(([, e]) => e.admin)
    .map(([name]) => name);

  it('names every admin endpoint, and only those, with at least one role each', () => {
    expect(Object.keys(ADMIN_PERMISSIONS).sort()).toEqual([...adminNames].sort());
    for (const roles of Object.values(ADMIN_PERMISSIONS)) expect(roles.length).toBeGreaterThan(0);
  });

  it('marks every /admin/ path as admin', () => {
    for (const [name, e] of Object.entries(ENDPOINTS as Record<string, EndpointDef>))
      if (e.path.startsWith('/admin/')) expect([name, e.admin]).toEqual([name, true]);
  });

  it('lets the auditor read but change nothing, and the admin role call everything', () => {
    const changes = adminNames.filter(
      (n) => !/^admin(Me|Deposits|Withdrawals|Realnames|Loans|Image|Audit|AuditCsv|Approvals)$/.test(n),
    );
    const readsOnly = changes.filter(
      (n) => !/(Review|Create|Edit|Withdraw|Draw|OffShelf|Close|Flags|Config|Rate|News|Correction|Approve)$/.test(n),
    );
    for (const name of readsOnly)
      expect(name).toMatch(
        /^admin(NewShares|CopyProducts|BlockListings|BlockApplications|DayTrades|Users|UserDetail)$/,
      );
    for (const name of changes.filter((n) => !readsOnly.includes(n)))
      expect([name, adminMayCall(['auditor'], name)]).toEqual([name, false]);
    for (const name of adminNames) expect([name, adminMayCall(['admin'], name)]).toEqual([name, true]);
    expect(adminMayCall(['reviewer'], 'adminDepositReview')).toBe(true);
    expect(adminMayCall(['reviewer'], 'adminCorrection')).toBe(false);
    expect(adminMayCall(['operator'], 'adminWithdrawalReview')).toBe(false);
    expect(adminMayCall(['user'], 'adminDeposits')).toBe(false);
    expect(adminMayCall(['admin'], 'notAnEndpoint')).toBe(false);
  });
});
