import { exitOnWrongSide, ocoLegsInOrder, triggerReached, validityRefusal, withinPriceLimits } from './order-rules';

/** The one copy of the order-price rules (server and forms call it): each rule on both sides and at its edges. */
describe('order rules', () => {
  it('keeps a price inside the session limits, edges included; a null bound does not apply', () => {
    expect(withinPriceLimits('100', '90', '110')).toBe(true);
    expect(withinPriceLimits('110', '90', '110')).toBe(true);
    expect(withinPriceLimits('90', '90', '110')).toBe(true);
    expect(withinPriceLimits('110.1', '90', '110')).toBe(false);
    expect(withinPriceLimits('89.99', '90', '110')).toBe(false);
    expect(withinPriceLimits('1000000', null, null)).toBe(true);
    expect(withinPriceLimits('1', '90', null)).toBe(false);
  });

  it('reaches a long trigger at or above it and a short one at or below', () => {
    expect(triggerReached('long', '100', '100')).toBe(true);
    expect(triggerReached('long', '100', '99.9')).toBe(false);
    expect(triggerReached('short', '100', '100')).toBe(true);
    expect(triggerReached('short', '100', '100.1')).toBe(false);
  });

  it("orders an OCO's legs: a long's limit below its trigger, a short's above, never equal", () => {
    expect(ocoLegsInOrder('long', '95', '105')).toBe(true);
    expect(ocoLegsInOrder('long', '105', '95')).toBe(false);
    expect(ocoLegsInOrder('long', '100', '100')).toBe(false);
    expect(ocoLegsInOrder('short', '105', '95')).toBe(true);
    expect(ocoLegsInOrder('short', '95', '105')).toBe(false);
  });

  it('puts a long take profit above the entry and its stop loss below; a short the reverse; the entry is wrong', () => {
    expect(exitOnWrongSide('long', 'take_profit', '110', '100')).toBe(false);
    expect(exitOnWrongSide('long', 'take_profit', '100', '100')).toBe(true);
    expect(exitOnWrongSide('long', 'stop_loss', '90', '100')).toBe(false);
    expect(exitOnWrongSide('long', 'stop_loss', '110', '100')).toBe(true);
    expect(exitOnWrongSide('short', 'take_profit', '90', '100')).toBe(false);
    expect(exitOnWrongSide('short', 'take_profit', '110', '100')).toBe(true);
    expect(exitOnWrongSide('short', 'stop_loss', '110', '100')).toBe(false);
    expect(exitOnWrongSide('short', 'stop_loss', '100', '100')).toBe(true);
  });

  it('refuses a validity before the session date or after the last date allowed', () => {
    expect(validityRefusal('2026-11-16', '2026-11-17', '2026-12-17')).toBe('validity_past');
    expect(validityRefusal('2026-11-17', '2026-11-17', '2026-12-17')).toBeUndefined();
    expect(validityRefusal('2026-12-17', '2026-11-17', '2026-12-17')).toBeUndefined();
    expect(validityRefusal('2026-12-18', '2026-11-17', '2026-12-17')).toBe('validity_beyond');
  });
});
