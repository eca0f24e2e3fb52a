import type { EquitySeries } from './portfolio-view';
import { equityChartOptions } from './portfolio-view';

describe('the equity chart under the Content-Security-Policy', () => {
  it('has Highcharts add no <style> element (its palette comes as a CSS file)', () => {
    const series = {
      currency: 'JPY',
      points: [{ date: '2026-11-24', balance: '100000', unrealised: '0', equity: '100000' }],
    } as unknown as EquitySeries;
    const options = equityChartOptions(series, { line: '#1a3fbf', text: '#333', grid: '#eee', name: 'Equity' });
    expect(options.palette).toEqual({ injectCSS: false });
  });
});

describe('the equity line', () => {
  const point = (date: string, balance: string, flows = '0', pnl = '0') => ({
    date,
    balance,
    unrealised: '0',
    equity: balance,
    flows,
    pnl,
  });
  const look = { line: '#1a3fbf', text: '#333', grid: '#eee', name: 'P&L' };

  it('starts the day before the first money came in, not weeks of a flat 0 before it', () => {
    const series = {
      currency: 'JPY',
      points: [
        point('2026-11-20', '0'),
        point('2026-11-21', '0'),
        point('2026-11-22', '0'),
        point('2026-11-23', '100000', '100000'),
        point('2026-11-24', '99929', '0', '-71'),
      ],
    } as unknown as EquitySeries;
    const data = (equityChartOptions(series, look).series[0]!.data as Array<{ x: number; pnl: string }>).map((d) => [
      new Date(d.x).toISOString().slice(0, 10),
      d.pnl,
    ]);
    expect(data).toEqual([
      ['2026-11-22', '0'],
      ['2026-11-23', '0'],
      ['2026-11-24', '-71'],
    ]);
  });

  it('keeps the whole range when there was money from its first day', () => {
    const series = {
      currency: 'JPY',
      points: [point('2026-11-23', '100000'), point('2026-11-24', '100500', '0', '500')],
    } as unknown as EquitySeries;
    expect(equityChartOptions(series, look).series[0]!.data).toHaveLength(2);
  });

  it('never cuts a date label to an ellipsis', () => {
    const series = { currency: 'JPY', points: [point('2026-11-24', '1')] } as unknown as EquitySeries;
    expect(equityChartOptions(series, look).xAxis.labels).toMatchObject({ style: { textOverflow: 'none' } });
  });
});
