/**
 * Wire answers of the new-share calls for this feature's screen tests (shapes of shared/contract ipo.ts),
 * and the Web Crypto the shared lottery needs (jsdom has no `crypto.subtle`; Node's own is installed).
 */
import { createHash, webcrypto } from 'node:crypto';
import type { NewShareApplication, NewShareIssue } from 'shared/contract';

/** Gives jsdom Node's Web Crypto `subtle` (the shared lottery's SHA-256) when it lacks one. */
export function installSubtleCrypto(): void {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.subtle) return;
  if (crypto) Object.defineProperty(crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  else Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

export const SEED = 'a'.repeat(64);
/** The receipt's contribution parts and SHA-256("<device>:<server>") (node:crypto, as the server computes it). */
export const DEVICE_PART = '1d'.repeat(32);
export const SERVER_PART = '5e'.repeat(32);
export const CONTRIBUTION = createHash('sha256').update(`${DEVICE_PART}:${SERVER_PART}`).digest('hex');

export function issue(overrides: Partial<NewShareIssue> = {}): NewShareIssue {
  return {
    id: 7,
    code: '5595',
    name: 'QPS Research',
    market: 'jpy',
    currency: 'JPY',
    subscription_price: '1200',
    issue_price: '1200',
    market_price: null,
    premium: null,
    pe: '18.4',
    subscription_cap: '500',
    lot_size: 100,
    issue_size: '1000',
    hit_rate: null,
    underwriter: 'Nomura Securities',
    lockup_days: 90,
    opens_at: '2026-11-20T00:00:00.000Z',
    closes_at: '2026-11-26T06:00:00.000Z',
    draw_at: '2026-11-27T01:00:00.000Z',
    pay_deadline: '2026-11-30T06:00:00.000Z',
    listing_at: '2026-12-03T00:00:00.000Z',
    distribution_at: '2026-12-02T00:00:00.000Z',
    state: 'to_subscribe',
    drawn: false,
    withdrawn: false,
    seed_hash: 'f'.repeat(64),
    ...overrides,
  };
}

export function application(overrides: Partial<NewShareApplication> = {}): NewShareApplication {
  return {
    id: 31,
    order_no: 'N20261124000031',
    issue_id: 7,
    code: '5595',
    name: 'QPS Research',
    market: 'jpy',
    currency: 'JPY',
    application_no: 3,
    quantity: '300',
    units: 3,
    allotted_quantity: null,
    subscription_price: '1200',
    issue_price: '1200',
    amount: '360000',
    paid_amount: null,
    rjmoney: '360000',
    status: 1,
    state: 'awaiting_draw',
    issue_state: 'to_subscribe',
    pay_deadline: '2026-11-30T06:00:00.000Z',
    listing_at: '2026-12-03T00:00:00.000Z',
    lockup_days: 90,
    created_at: '2026-11-24T01:00:00.000Z',
    drawn_at: null,
    answered_at: null,
    device_contribution: DEVICE_PART,
    server_contribution: SERVER_PART,
    contribution: CONTRIBUTION,
    ...overrides,
  };
}

/** The verification block of /ipo/info before the draw. */
export const verificationBefore = {
  seed_hash: 'f'.repeat(64),
  seed: null,
  algorithm: 'equal-lot-lottery/2',
  algorithm_description: 'Tickets are SHA-256 of the seed and the application number.',
  units_offered: 10,
  applications: null,
  units_applied: null,
  units_allotted: null,
  drawn_at: null,
  list_root: null,
  list_sealed_at: null,
  list_size: null,
  final_seed: null,
};
