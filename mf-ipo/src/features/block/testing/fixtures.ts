import type { BlockApplication, BlockListing } from 'shared/contract';

/** A standard, open Japanese listing as /block/list and /block/info answer it; `over` changes fields. */
export function listing(over: Partial<BlockListing> = {}): BlockListing {
  return {
    id: 12,
    code: '7203',
    name: 'Toyota Motor',
    market: 'jpy',
    currency: 'JPY',
    variant: 'standard',
    block_price: '2850',
    live_price: '3000',
    premium_pct: '-5.00',
    lot_size: 100,
    min_lots: 10,
    total_lots: 500,
    lots_left: 320,
    lot_cost: '285000',
    min_cost: '2850000',
    deadline: '2026-12-01T06:00:00.000Z',
    state: 'open',
    closed_reason: null,
    record_date: null,
    dividend_per_share: null,
    financed_pct: null,
    financing_rate_pct: null,
    financing_days: null,
    leverage: 1,
    lockup_days: 90,
    sellable_from_if_approved_today: '2027-02-22',
    locked_until: null,
    simulated: true,
    ...over,
  };
}

/** A pending application of `listing()` as /block/applications and /block/applicationInfo answer it. */
export function application(over: Partial<BlockApplication> = {}): BlockApplication {
  return {
    id: 40,
    order_no: 'B20261124001',
    listing_id: 12,
    code: '7203',
    name: 'Toyota Motor',
    market: 'jpy',
    currency: 'JPY',
    variant: 'standard',
    lots: 12,
    lot_size: 100,
    shares: '1200',
    block_price: '2850',
    amount: '3420000',
    held: '3420000',
    financed_amount: null,
    financing_fee: null,
    leverage: 1,
    status: 'pending',
    reason: null,
    created_at: '2026-11-24T01:00:00.000Z',
    reviewed_at: null,
    position_id: null,
    lockup_days: 90,
    sellable_from: null,
    record_date: null,
    dividend_per_share: null,
    dividend_paid: null,
    ...over,
  };
}

/** A page of a list answer. */
export const page = <T>(list: T[], total = list.length) => ({ list, total });
