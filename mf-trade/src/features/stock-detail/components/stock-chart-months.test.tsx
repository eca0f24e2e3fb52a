import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { installFakeSocket, liveKit, quote, renderScreen, uninstallFakeSocket } from '#testing';
import { fakeHighcharts } from '../chart/fake-chart';
import { StockDetailScreen } from './stock-detail-screen';

jest.setTimeout(30_000);

const PATH = '/quotes/info?code=7203&market=jpy';
const DAY_MS = 86_400_000;

/** The weekdays of the `count` trading days up to Friday 20 November 2026, as /stock/candles answers the day period. */
function tradingDays(count: number): number[] {
  const times: number[] = [];
  for (let t = Date.parse('2026-11-20T00:00:00Z'); times.length < count; t -= DAY_MS)
    if (new Date(t).getUTCDay() % 6 !== 0) times.unshift(t);
  return times;
}

function api() {
  return fakeApi({
    '/stock/detail': ok(quote({ code: '7203' })),
    '/stock/candles': (form: Record<string, string>) =>
      ok({
        market: 'jpy',
        code: '7203',
        period: form.period,
        list: tradingDays(Number(form.limit)).map((time) => ({
          time,
          date: new Date(time).toISOString().slice(0, 10),
          open: '2480.00',
          high: '2520.00',
          low: '2470.00',
          close: '2500.00',
          volume: '1000',
          amount: '2500000.00',
        })),
        simulated: true,
      }),
  });
}

const dateOf = (time: number | undefined) => new Date(time!).toISOString().slice(0, 10);

describe('stock chart: the 3- and 6-month views (issue 35, spec §2’s other reading of the periods)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('offers 3 and 6 months: daily candles of one request with those months in view', async () => {
    const user = userEvent.setup();
    const chart = fakeHighcharts();
    const adapter = api();
    await renderScreen(<StockDetailScreen live={liveKit} loadChart={async () => chart.module} />, {
      path: PATH,
      adapter,
      session: { language: 'us', market: 'jpy', token: 't', account: 'a' },
    });
    await waitFor(() => expect(chart.charts.length).toBeGreaterThan(0));
    const xMin = () => (chart.charts.at(-1)!.options as unknown as { xAxis: { min?: number } }).xAxis.min;
    // The day chart: its latest 100 candles.
    expect(dateOf(xMin())).toBe(dateOf(tradingDays(200)[100]));

    for (const [label, from] of [
      ['3 months', '2026-08-21'],
      ['6 months', '2026-05-21'],
    ] as const) {
      const built = chart.charts.length;
      await user.click(screen.getByRole('tab', { name: label }));
      await waitFor(() => expect(chart.charts.length).toBeGreaterThan(built));
      await waitFor(() => expect(screen.getByTestId('tr-stock-chart')).toHaveAttribute('data-ready', 'true'));
      expect(screen.getByTestId('tr-stock-chart')).toHaveAttribute(
        'data-period',
        label === '3 months' ? 'months3' : 'months6',
      );
      expect(dateOf(xMin())).toBe(from);
    }
    // One request for the three of them: the day period's candles.
    const asked = adapter.calls.filter((c) => c.url === '/stock/candles' && c.form.limit === '200');
    expect(asked.map((c) => c.form.period)).toEqual(['day']);
  });
});
