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
