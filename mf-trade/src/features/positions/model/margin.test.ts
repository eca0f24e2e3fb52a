import { liquidationPrice, maintenanceRatio, ratioPercent, wholeAmount } from './margin';
import { withLivePrice } from './position-rows';

const long = { direction: 'long', buy_price: '2800', stock_num: '100', margin: '140000', margin_call_ratio: '0.5' };

describe('margin figures (the server’s formula, in decimals)', () => {
  it('computes the liquidation price and its preview with added margin, long and short', () => {
    expect(liquidationPrice(long)).toBe('2100');
    expect(liquidationPrice(long, '10000')).toBe('2050');
    expect(liquidationPrice({ ...long, direction: 'short' }, '10000')).toBe('3550');
    // Rounded toward the safe side at 8 decimals: up for a long, down for a short.
    expect(liquidationPrice({ ...long, stock_num: '3', margin: '1' })).toBe('2799.83333334');
    expect(liquidationPrice({ ...long, direction: 'short', stock_num: '3', margin: '1' })).toBe('2800.16666666');
    // Enough margin that no price closes a long.
    expect(liquidationPrice(long, '500000')).toBeNull();
  });

  it('values the maintenance ratio at a price and shows it as a percentage', () => {
    expect(maintenanceRatio(long, '2950.5')).toBe('1.1075');
    expect(maintenanceRatio({ ...long, direction: 'short' }, '2950.5')).toBe('0.8925');
    expect(ratioPercent('1.1075')).toBe('110.75%');
    expect(ratioPercent('0.5')).toBe('50.00%');
  });

  it('accepts only positive whole amounts', () => {
    expect(wholeAmount(' 10000 ')?.toFixed()).toBe('10000');
    for (const text of ['0', '-1', '1.5', '10.00', 'abc', '']) expect(wholeAmount(text)).toBeUndefined();
  });

  it('revalues a holding row’s maintenance ratio at a streamed price', () => {
    const row = {
      id: '41',
      record: { ...long, status: 0, nowprice: '2800', yingkui: '0', maintenance_ratio: '1.0000' } as Record<
        string,
        unknown
      >,
    };
    expect(withLivePrice(row, { price: '2660' }).record.maintenance_ratio).toBe('0.9000');
    // Rows without the figure (other brokers' answers) stay without it.
    const bare = { id: '42', record: { ...row.record, maintenance_ratio: undefined } };
    expect(withLivePrice(bare, { price: '2660' }).record.maintenance_ratio).toBeUndefined();
  });
});
