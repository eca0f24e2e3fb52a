/**
 * What the investor's day-trading use cases need (daytrade-service.ts wires them; the applying is
 * daytrade-apply.ts, the reads daytrade-user-lists.ts, the close daytrade-close.ts).
 */
import type { Database } from '../../db/database';
import type { MarketDataProvider } from '../market/provider';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import type { TradeService } from '../trade/trade-service';

export interface DayTradeContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  fundPasswords: FundPasswordGuard;
  trade: TradeService;
}
