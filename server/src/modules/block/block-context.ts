/**
 * What the block-trade use cases need (docs/decisions/0017-block-trades.md): the user's side
 * (block-service.ts and its use cases) and the back office's (block-admin.ts and its use cases).
 */
import type { Database } from '../../db/database';
import type { PasswordHasher } from '../../security/password';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import type { PriceLookup } from './block-wire';

export interface BlockContext {
  db: Database;
  now: () => Date;
  prices: PriceLookup;
  /** Verifies channel passwords (the passwords module's scrypt hasher). */
  hasher: PasswordHasher;
  fundPasswords: FundPasswordGuard;
}

export interface BlockAdminContext {
  db: Database;
  now: () => Date;
  prices: PriceLookup & { isStock(market: string, code: string): boolean };
  hasher: PasswordHasher;
}
