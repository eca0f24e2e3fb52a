import { Decimal } from 'shared/money';
import { BusinessError } from '../../errors';
import { dayOf } from '../market/calendar';
import { checkExits, checkValidity, exitReached, triggerReached } from './order-rules';
import { sessionOf, validUntilMax } from './order-session';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof BusinessError) return { key: error.key, values: error.extra.values };
    throw error;
  }
  return undefined;
};

describe('advanced order rules (issue 13)', () => {
  it('answers the session an order trades in: today while open or at lunch, else the next trading day', () => {
    expect(sessionOf('jpy', new Date('2026-11-16T01:00:00Z'))).toMatchObject({
      tradeDate: '2026-11-16',
      status: 'open',
    });
    expect(sessionOf('jpy', new Date('2026-11-16T03:00:00Z'))).toMatchObject({
      tradeDate: '2026-11-16',
      status: 'lunch',
      opensAt: '2026-11-16T03:30:00.000Z',
    });
    expect(sessionOf('jpy', new Date('2026-11-16T07:00:00Z'))).toMatchObject({ tradeDate: '2026-11-17' });
    // Friday after the close and the weekend: Monday.
    expect(sessionOf('jpy', new Date('2026-11-20T07:00:00Z')).tradeDate).toBe('2026-11-23');
    expect(sessionOf('jpy', new Date('2026-11-22T01:00:00Z')).tradeDate).toBe('2026-11-23');
  });

  it('bounds the validity: not before the session, at most 15 business days after it', () => {
    const session = { tradeDate: '2026-11-17', day: dayOf(2026, 11, 17) };
    expect(validUntilMax(session.day)).toBe('2026-12-08');
    expect(checkValidity(session, undefined)).toBe('2026-11-17');
    expect(checkValidity(session, '2026-12-08')).toBe('2026-12-08');
    expect(refusal(() => checkValidity(session, '2026-11-16'))?.key).toBe('validity_past');
    expect(refusal(() => checkValidity(session, '2026-12-09'))).toEqual({
      key: 'validity_beyond',
      values: { max: '2026-12-08' },
    });
    expect(refusal(() => checkValidity(session, '2026-02-30'))?.key).toBe('field_invalid');
  });

  it('reaches triggers and exits on the right side for each direction', () => {
    expect(triggerReached('long', '100', '100')).toBe(true);
    expect(triggerReached('long', '100', '99.9')).toBe(false);
    expect(triggerReached('short', '100', '100')).toBe(true);
    expect(triggerReached('short', '100', '100.1')).toBe(false);
    const exits = { takeProfit: '110', stopLoss: '90' };
    expect(exitReached('long', exits, '110')).toBe('take_profit');
    expect(exitReached('long', exits, '90')).toBe('stop_loss');
    expect(exitReached('long', exits, '100')).toBeUndefined();
    expect(exitReached('short', { takeProfit: '90', stopLoss: '110' }, '89')).toBe('take_profit');
    expect(exitReached('short', { takeProfit: '90', stopLoss: '110' }, '111')).toBe('stop_loss');
    expect(exitReached('long', { takeProfit: null, stopLoss: null }, '1')).toBeUndefined();
  });

  it('refuses exits on the wrong side of the reference, naming it', () => {
    const d = (v: string) => new Decimal(v);
    expect(refusal(() => checkExits('long', '100', { takeProfit: d('110'), stopLoss: d('90') }))).toBeUndefined();
    expect(refusal(() => checkExits('long', '100', { takeProfit: d('100'), stopLoss: null }))).toEqual({
      key: 'take_profit_side',
      values: { price: '100' },
    });
    expect(refusal(() => checkExits('short', '100', { takeProfit: null, stopLoss: d('90') }))?.key).toBe(
      'stop_loss_side',
    );
  });
});
