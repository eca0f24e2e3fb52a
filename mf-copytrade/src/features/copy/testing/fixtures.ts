/** Wire answers of the copy-trading calls for this feature's screen tests (shapes of shared/contract copy.ts). */
import type { CopyHolding, CopyOrder, CopyProduct } from 'shared/contract';

export function product(overrides: Partial<CopyProduct> = {}): CopyProduct {
  return {
    id: 3,
    product_name: 'Japan Momentum 5',
    issuer: 'Sakura Quant Lab',
    strategy: 'Five large Japanese names, fixed weights.',
    market: 'jpy',
    currency: 'JPY',
    lockup_days: 30,
    min_investment: '100000',
    deadline: '2026-12-20T06:00:00.000Z',
    capacity: '50000000',
    capacity_left: '12500000',
    on_shelf: true,
    state: 'open',
    base_date: '2026-05-01',
    nav: '1.083215',
    nav_date: '2026-11-20',
    past_return: '4.12',
    past_return_days: 90,
    past_return_from: '2026-08-22',
    ...overrides,
  };
}

export const holdings: CopyHolding[] = [
  { code: '7203', name: 'Toyota Motor', weight: '0.4', base_close: '2800', last_close: '2960' },
  { code: '6758', name: 'Sony Group', weight: '0.35', base_close: '3100', last_close: '3255.5' },
  { code: '9984', name: 'SoftBank Group', weight: '0.25', base_close: '8000', last_close: '7800' },
];

export const history = [
  { date: '2026-11-18', nav: '1.071000' },
  { date: '2026-11-19', nav: '1.079500' },
  { date: '2026-11-20', nav: '1.083215' },
];

export function order(overrides: Partial<CopyOrder> = {}): CopyOrder {
  return {
    id: '11',
    order_no: 'C20261120000011',
    product_id: 3,
    status: 0,
    state: 'in_progress',
    market: 'jpy',
    currency: 'JPY',
    money: '200000',
    product_name: 'Japan Momentum 5',
    issuer: 'Sakura Quant Lab',
    lock_days: 30,
    min_investment: '100000',
    deadline: '2026-12-20T06:00:00.000Z',
    amount: '200000',
    units: '185000.12345678',
    buy_nav: '1.081080',
    nav: '1.083215',
    value: '200395.07',
    daily_profit: '-1250.5',
    total_profit: '395.07',
    started_on: '2026-11-19',
    lock_ends_on: '2026-12-19',
    redeemed_amount: null,
    created_at: '2026-11-18T03:00:00.000Z',
    ended_at: null,
    ...overrides,
  };
}
