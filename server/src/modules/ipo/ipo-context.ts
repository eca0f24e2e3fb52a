/**
 * What the new-share use cases need (docs/decisions/0016-new-share-lottery.md): the investor's side
 * (ipo-service.ts and its use cases) and the back office's (ipo-admin.ts and its use cases).
 */
import type { Database } from '../../db/database';
import type { PriceSource } from '../assets/price-source';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';

export interface NewShareContext {
  db: Database;
  now: () => Date;
  prices: PriceSource;
  fundPasswords: FundPasswordGuard;
}

export interface AdminNewShareContext {
  db: Database;
  now: () => Date;
  prices: PriceSource;
}
