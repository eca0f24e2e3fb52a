import '../../testing/setup';
import { sql } from 'drizzle-orm';
import { Decimal } from 'shared/money';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { configureMoneyLimiter, resetMoneyLimiter } from '../../security/money-limiter';
import { createPasswordHasher } from '../../security/password';
import { TEST_SCRYPT } from '../../testing/app';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { expectLedgerInvariants } from '../../testing/ledger-invariants';
import type { MarketDataProvider } from '../market/provider';
import { MarketSimulator } from '../market/simulator';
import { FundPasswordGuard } from '../passwords/fund-password-guard';
import { createMatcher } from '../trade/matcher';
import { createTradeService } from '../trade/trade-service';
import { createDayTradeAdmin } from './daytrade-admin';
import { createDayTradeOrders } from './daytrade-orders';
import { createDayTradeService } from './daytrade-service';
import { settleDue } from './daytrade-settlement';
import { stopDue } from './daytrade-stop';

/** Monday 16 November 2026, 10:00 Tokyo (open); 16:00 Tokyo (after the close). */
const OPEN = new Date('2026-11-16T01:00:00Z');
const AFTER_CLOSE = new Date('2026-11-16T07:00:00Z');
const FUND_PASSWORD = '135790';

describe.each(testBackends())('the day-wide stop on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  beforeAll(() => {
    resetMoneyLimiter();
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  /**
   * A trader (500,000 JPY) whose 100,000 participation at ×5 was approved for today's Tokyo session, with the
   * services over a provider whose last price can fall (`fall`: the factor applied to the simulator's).
   */
  async function approvedDay() {
    const db = suite.db;
    const day = { now: OPEN, fall: new Decimal(1) };
    const clock = () => day.now;
    const simulator = new MarketSimulator({ seed: 'daytrade-stop', now: clock });
    /** The market falls (as far as the last price goes): the simulator with a lower last price. */
    const provider: MarketDataProvider = Object.create(simulator, {
      lastPrice: {
        value: (market: string, code: string) => {
          const price = simulator.lastPrice(market, code);
          return price === undefined ? undefined : new Decimal(price).times(day.fall).toDecimalPlaces(0).toFixed();
        },
      },
    });
    const trade = createTradeService({ db, now: clock, provider });
    const fundPasswords = new FundPasswordGuard(createPasswordHasher({ cost: TEST_SCRYPT }));
    const service = createDayTradeService({ db, now: clock, provider, fundPasswords, trade });
    const orders = createDayTradeOrders({ db, now: clock, provider, trade });
    const admin = createDayTradeAdmin({ db, now: clock, service });
    const adminId = await insertFundedTrader(db, '1');
    const userId = await insertFundedTrader(db, '500000');
    const hash = await createPasswordHasher({ cost: TEST_SCRYPT }).hash(FUND_PASSWORD);
    await db.tx(async (tx) => {
      await tx.execute(sql`UPDATE users SET fund_password_hash = ${hash} WHERE id = ${userId}`);
      await tx.execute(
        sql`INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES (${userId}, 'day_trade', 1)`,
      );
    });
    const { data: app } = await service.apply(
      userId,
      { market: 'jpy', amount: '100000', fund_password: FUND_PASSWORD },
      undefined,
    );
    await admin.review(adminId, { id: app.id, action: 'approve', reason: '' });
    const price = new Decimal(simulator.quote('jpy', '7203', 'en')!.price);
    return { db, day, clock, provider, orders, userId, app, price };
  }

  /** The trader's JPY available and held, and the participation hold's amount (0 when none). */
  async function money(userId: bigint, appId: number) {
    const [row] = await suite.db.tx((tx) =>
      queryRows<{ available: string; held: string; participation: string }>(
        tx,
        sql`SELECT a.available::text, a.held::text, coalesce(h.amount, 0)::text AS participation
            FROM ledger_accounts a JOIN day_trades d ON d.user_id = a.user_id AND d.id = ${appId}
            LEFT JOIN ledger_holds h ON h.id = d.hold_id AND h.status = 'pending'
            WHERE a.user_id = ${userId} AND a.currency = 'JPY'`,
      ),
    );
    return row!;
  }

  it('closes everything once the day lost its participation, refuses further orders, settles the loss', async () => {
    const { db, day, clock, provider, orders, userId, app, price } = await approvedDay();
    const quantity = new Decimal(400_000).dividedBy(price).floor().toFixed();
    const order = { id: app.id, code: '7203', side: 'long' as const, price_type: 'market' as const, quantity };
    await orders.place(userId, order, undefined);

    // Prices unchanged: nothing to stop.
    expect(await stopDue(db, provider, day.now)).toBe(0);
    // A 30 % fall loses about 120,000 on 400,000 of notional: more than the 100,000 participation.
    day.fall = new Decimal('0.7');
    expect(await stopDue(db, provider, day.now)).toBe(1);
    expect(await stopDue(db, provider, day.now)).toBe(0);
    const [state] = await db.tx((tx) =>
      queryRows<{ closing: number; messages: number }>(
        tx,
        sql`SELECT (SELECT count(*) FROM positions WHERE user_id = ${userId} AND status = 1)::int AS closing,
                   (SELECT count(*) FROM messages WHERE user_id = ${userId} AND msg_key = 'day_trade_stopped')::int
                     AS messages`,
      ),
    );
    expect(state).toEqual({ closing: 1, messages: 1 });
    await expect(orders.place(userId, { ...order, quantity: '1' }, undefined)).rejects.toEqual(
      new BusinessError('day_trade_stopped'),
    );

    // The matcher fills the close at the fallen price; after the close the day settles with the loss.
    await createMatcher({ db, now: clock, provider }).runOnce();
    day.now = AFTER_CLOSE;
    expect(await settleDue(db, provider, day.now)).toBe(1);
    const [row] = await db.tx((tx) =>
      queryRows<{ status: string; pnl: string; positions: string; available: string; held: string }>(
        tx,
        sql`SELECT d.status, d.pnl::text,
                   (SELECT (sum(realised_pnl) - sum(fee + close_fee))::text FROM positions WHERE day_trade_id = d.id)
                     AS positions,
                   a.available::text, a.held::text
            FROM day_trades d JOIN ledger_accounts a ON a.user_id = d.user_id AND a.currency = 'JPY'
            WHERE d.id = ${app.id}`,
      ),
    );
    expect(row).toMatchObject({ status: 'filled', held: '0.00000000' });
    expect(new Decimal(row!.pnl).eq(row!.positions)).toBe(true);
    expect(new Decimal(row!.pnl).lt(-100_000)).toBe(true);
    expect(new Decimal(row!.available).eq(new Decimal(500_000).plus(row!.pnl))).toBe(true);
  }, 120_000);
  it('puts the holds of the pending orders it cancels back into the participation (as /daytrade/cancel)', async () => {
    const { db, day, provider, orders, userId, app, price } = await approvedDay();
    const holding = new Decimal(400_000).dividedBy(price).floor().toFixed();
    await orders.place(
      userId,
      { id: app.id, code: '7203', side: 'long', price_type: 'market', quantity: holding },
      undefined,
    );
    // A pending limit order well under the price (the stop comes before any matcher pass): it holds its margin.
    const limit = price.times('0.95').toDecimalPlaces(0).toFixed();
    const pending = { id: app.id, code: '7203', side: 'long' as const, price_type: 'limit' as const, price: limit };
    const placed = await orders.place(userId, { ...pending, quantity: '10' }, undefined);
    expect(placed.data.state).toBe('pending');
    const before = await money(userId, app.id);

    day.fall = new Decimal('0.7');
    expect(await stopDue(db, provider, day.now)).toBe(1);
    const [order] = await db.tx((tx) =>
      queryRows<{ status: number; hold: string }>(
        tx,
        sql`SELECT p.status, h.status AS hold FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
            WHERE p.id = ${placed.data.id}`,
      ),
    );
    expect(order).toEqual({ status: 4, hold: 'voided' });
    // The order's hold went back into the participation, not to available: available and frozen unchanged.
    const after = await money(userId, app.id);
    expect(after.available).toBe(before.available);
    expect(after.held).toBe(before.held);
    expect(new Decimal(after.participation).gt(before.participation)).toBe(true);
    await expectLedgerInvariants(db);
  }, 120_000);
});
