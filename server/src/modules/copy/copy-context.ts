/** What the copy-trading use cases need: the investor's (copy-service.ts) and the back office's (copy-admin.ts). */
import type { Database } from '../../db/database';
import type { MarketDataProvider } from '../market/provider';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';

export interface CopyContext {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'candles' | 'nameOf'>;
  fundPasswords: FundPasswordGuard;
}

export interface CopyAdminContext {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'candles' | 'quote'>;
}
