import { ADMIN_IPO_ENDPOINTS } from './ipo-admin';
import { IPO_ENDPOINTS, newShareIssue } from './ipo';

/** The fields of an object schema (through pipes). */
const keysOf = (schema: unknown): string[] => {
  let current = schema as { shape?: Record<string, unknown>; def: { type: string; in?: unknown } };
  while (!current.shape && current.def.type === 'pipe') current = current.def.in as typeof current;
  return Object.keys(current.shape ?? {});
};

describe('the new-share contract', () => {
  it('lets no back-office call type a market price, a premium, a hit rate or an allotment', () => {
    const typed = Object.values(ADMIN_IPO_ENDPOINTS).flatMap((endpoint) => keysOf(endpoint.request));
    expect(typed.length).toBeGreaterThan(20);
    for (const derived of ['market_price', 'premium', 'hit_rate', 'allotted_quantity', 'allotted_units', 'seed'])
      expect(typed).not.toContain(derived);
  });

  it('answers every field of spec §3 New share on an issue', () => {
    expect(keysOf(newShareIssue)).toEqual(
      expect.arrayContaining([
        'subscription_price',
        'market_price',
        'subscription_cap',
        'pe',
        'issue_price',
        'premium',
        'hit_rate',
        'underwriter',
        'lockup_days',
        'draw_at',
        'listing_at',
        'distribution_at',
        'issue_size',
      ]),
    );
  });

  it('marks the three money calls idempotent', () => {
    expect([
      IPO_ENDPOINTS.newShareSubscribe.idempotent,
      IPO_ENDPOINTS.newShareConfirm.idempotent,
      IPO_ENDPOINTS.newShareDecline.idempotent,
    ]).toEqual([true, true, true]);
  });

  it('refuses a subscription quantity that is not a whole number of shares', () => {
    const parse = (quantity: string) =>
      IPO_ENDPOINTS.newShareSubscribe.request.safeParse({ id: '1', quantity, fund_password: 'x' });
    expect(parse('100').success).toBe(true);
    for (const bad of ['0', '-100', '1.5', '1e3', '']) expect([bad, parse(bad).success]).toEqual([bad, false]);
  });
});
