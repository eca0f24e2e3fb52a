/** The trade service's reads: /trade/preview, one position, the order lists and the market's trading config. */
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY, toWire, type Currency } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { getUserBalance } from '../ledger/ledger-repository';
import { marketClock, type MarketId } from '../market/calendar';
import { isRiskAcknowledged } from '../risk-disclosure/risk-disclosure-service';
import { holdFigures, pricedOrder, type PlaceOrderInput } from './order-pricing';
import { sessionOf, validUntilMax } from './order-session';
import { listUserPositions } from './positions-repository';
import { T_PLUS_ONE } from './t-plus-one';
import { ownPosition, rulesIn, wireRow, type TradeDeps } from './trade-context';
import { readMarketOrderBuffer } from './trade-repository';

/**
 * /trade/preview (issue 35): what placing `input` now would freeze and why, by the placement's own pricing
 * (order-pricing.ts) with the current rules; nothing is booked.
 */
export async function previewOrder(deps: TradeDeps, userId: bigint, input: PlaceOrderInput) {
  const at = deps.now();
  return deps.db.tx(
    async (tx) => {
      const priced = await pricedOrder(deps.provider, input, at, () => readMarketOrderBuffer(tx));
      const rules = await rulesIn(deps, tx);
      if (!rules.leverages.includes(input.leverage))
        throw new BusinessError('leverage_not_allowed', {
          field: 'leverage',
          values: { allowed: rules.leverages.join(', ') },
        });
      const { figures, held, feeNow } = holdFigures(priced, input.leverage, rules.feeRate);
      if (figures.margin.isZero())
        throw new BusinessError('field_invalid', { field: 'quantity', values: { field: 'quantity' } });
      const { available } = await getUserBalance(tx, userId, priced.currency);
      const total = held.plus(feeNow ?? 0);
      return {
        currency: priced.currency,
        pending: priced.pending,
        basis: priced.basis,
        hold_price: toWire(priced.price),
        reference: toWire(priced.session.reference),
        buffer: priced.basis === 'buffer' ? toWire(priced.buffer) : null,
        quantity: priced.quantity.toFixed(),
        leverage: input.leverage,
        margin: toWire(figures.margin),
        fee: toWire(figures.fee),
        frozen: toWire(held),
        fee_paid: toWire(feeNow ?? 0),
        total: toWire(total),
        available: toWire(available),
        sufficient: new Decimal(available).gte(total),
      };
    },
    { readOnly: true },
  );
}

export async function positionOf(deps: TradeDeps, userId: bigint, id: number, lang: I18nLang) {
  return deps.db.tx(
    async (tx) => wireRow(deps, await ownPosition(tx, userId, id), lang, (await rulesIn(deps, tx)).maintenanceRatio),
    { readOnly: true },
  );
}

export async function listOrders(deps: TradeDeps, userId: bigint, input: InputOf<'orders'>, lang: I18nLang) {
  const statuses = {
    pending: [3],
    cancelled: [4],
    filled: [0, 1, 2],
    open: [0, 1],
    closed: [2],
    all: [0, 1, 2, 3, 4],
  }[input.status];
  return deps.db.tx(
    async (tx) => {
      const { rows, total } = await listUserPositions(tx, userId, input.market, statuses, {
        size: input.size,
        offset: (input.page - 1) * input.size,
      });
      const { maintenanceRatio } = await rulesIn(deps, tx);
      return { list: rows.map((row) => wireRow(deps, row, lang, maintenanceRatio)), total };
    },
    { readOnly: true },
  );
}

export async function tradeConfig(deps: TradeDeps, userId: bigint, market: MarketId) {
  const currency: Currency = MARKET_CURRENCY[market];
  return deps.db.tx(
    async (tx) => {
      const rules = await rulesIn(deps, tx);
      const balance = await getUserBalance(tx, userId, currency);
      const acknowledged = await isRiskAcknowledged(tx, userId, 'leverage');
      const at = deps.now();
      const clock = marketClock(market, at.getTime());
      const session = sessionOf(market, at);
      return {
        market,
        currency,
        leverages: rules.leverages,
        fee_rate: rules.feeRate.toFixed(),
        maintenance_ratio: rules.maintenanceRatio.toFixed(),
        lot: 1,
        t_plus_one: T_PLUS_ONE.has(market),
        available: toWire(balance.available),
        market_status: clock.status,
        next_open: clock.nextOpen === undefined ? null : new Date(clock.nextOpen).toISOString(),
        order_session_date: session.tradeDate,
        valid_until_max: validUntilMax(session.day),
        risk_disclosure_version: rules.riskVersion,
        risk_acknowledged: acknowledged,
        simulated: deps.provider.simulated,
      };
    },
    { readOnly: true },
  );
}
