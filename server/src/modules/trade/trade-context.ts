/** What the trade service's use cases (place-order.ts, cancel-close.ts, trade-reads.ts) share: context and helpers. */
import type { I18nLang } from 'shared/messages';
import type { Decimal } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { NoticeMailer } from '../mail/notice-mail';
import type { MarketDataProvider } from '../market/provider';
import { positionToWire } from './position-wire';
import { positionById, readRules, type PositionRow, type RuleTexts, type TradeRules } from './trade-repository';

export interface TradeContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  /** Mails a market order's fill notice once the placement committed (issue 33 point 3). */
  notices?: NoticeMailer;
  log?: { error: (obj: object, msg: string) => void };
}

/** The trading rules one service last read (they change rarely). */
export interface RulesMemo {
  /** The maintenance ratio last read: values the liquidation price of answers. */
  ratio?: Decimal;
  /** The trading rules last read by a placement; a placement books only if they are still current. */
  cached?: { texts: RuleTexts; rules: TradeRules };
}

export interface TradeDeps extends TradeContext {
  memo: RulesMemo;
}

/** An order or position on the wire; its margin figures with `maintenanceRatio` (default: the last read). */
export const wireRow = (
  { provider, now, memo }: TradeDeps,
  row: PositionRow,
  lang: I18nLang = 'zh-CN',
  maintenanceRatio = memo.ratio,
) => positionToWire(provider, row, lang, maintenanceRatio, now());

/** Reads the trading rules in `tx` and remembers their maintenance ratio. */
export async function rulesIn({ memo }: TradeDeps, tx: Tx) {
  const rules = await readRules(tx);
  memo.ratio = rules.maintenanceRatio;
  return rules;
}

/** The user's own order, or not_found (another user's order answers the same: nothing leaks). */
export async function ownPosition(tx: Tx, userId: bigint, id: number, forUpdate = false) {
  const row = await positionById(tx, id, { userId, forUpdate });
  if (!row) throw new BusinessError('not_found');
  return row;
}
