import { navChartOptions } from './nav-chart-options';

describe('the unit-value chart under the Content-Security-Policy', () => {
  it('has Highcharts add no <style> element (its palette comes as a CSS file)', () => {
    const options = navChartOptions(
      [{ date: '2026-11-24', nav: '1.0123' }],
      { series: 'Unit value' },
      { line: '#1a3fbf', text: '#333', grid: '#eee' },
    );
    expect(options.palette).toEqual({ injectCSS: false });
  });
});
