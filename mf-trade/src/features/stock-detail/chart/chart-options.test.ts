import { buildChartOptions, volumeAxisLabel, type ChartLook } from './chart-options';
import { TEST_COLORS, TEST_LABELS } from './fake-chart';

const look = (language: string): ChartLook => ({
  period: 'day',
  colors: TEST_COLORS,
  labels: TEST_LABELS,
  timezone: 'UTC',
  formatPrice: String,
  language,
});

const volumeLabel = (language: string, value: number) => {
  const axis = buildChartOptions([], look(language)).yAxis[1]!;
  return (axis.labels as unknown as { formatter: (this: { value: number }) => string }).formatter.call({ value });
};

describe('volume axis labels', () => {
  it('read by language (万/亿, 万/億, K/M/B), never "5G"', () => {
    expect(volumeLabel('zh-CN', 5e9)).toBe('50亿');
    expect(volumeLabel('ja', 5e9)).toBe('50億');
    expect(volumeLabel('en', 5e9)).toBe('5B');
    expect(volumeLabel('en', 25_000_000)).toBe('25M');
    expect(volumeLabel('zh-CN', 25_000_000)).toBe('2,500万');
  });

  it('show small volumes in full', () => {
    expect(volumeLabel('en', 9_999)).toBe('9,999');
    expect(volumeAxisLabel(0, 'ja')).toBe('0');
    expect(volumeAxisLabel(12_345.6, 'ja')).toBe('1.23万');
  });
});

describe('under the Content-Security-Policy', () => {
  it('has Highcharts add no <style> element (its palette comes as a CSS file)', () => {
    expect(buildChartOptions([], look('en')).palette).toEqual({ injectCSS: false });
  });
});
