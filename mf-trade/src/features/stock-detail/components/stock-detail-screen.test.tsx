import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMiniHost, fakeApi, ok } from 'shared/test-utils';
import { forgetAhead } from 'shared/api';
import { writeTheme } from 'shared/ui';
import type { Quote } from 'shared/contract';
import { FakeSocket, installFakeSocket, liveKit, quote, renderScreen, uninstallFakeSocket } from '#testing';
import { fakeHighcharts, MACD_CHART_SERIES } from '../chart/fake-chart';
import { sessionMinutes } from '../chart/session-axis';
import { startStockRequests, StockDetailScreen } from './stock-detail-screen';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };
const PATH = '/quotes/info?code=7203&market=jpy';
const T0 = Date.parse('2026-11-20T00:00:00.000Z');

/** `detailAnswer`: /stock/detail's handler instead of the quote with `detail`. */
function api(detail: Partial<Quote> = {}, detailAnswer?: () => Promise<never>) {
  return fakeApi({
    '/stock/detail': detailAnswer ?? ok(quote({ code: '7203', ...detail })),
    '/stock/candles': (form: Record<string, string>) =>
      ok({
        market: 'jpy',
        code: '7203',
        period: form.period,
        list: Array.from({ length: Math.min(Number(form.limit), 150) }, (_, i) => ({
          time: T0 + i * 60_000,
          date: '2026-11-20',
          open: '2480.00',
          high: '2520.00',
          low: '2470.00',
          close: String(2490 + (i % 7)),
          volume: '1000',
          amount: '2500000.00',
        })),
        simulated: true,
      }),
  });
}

async function open(
  fake = api(),
  extra: { tradePanel?: (q: Quote) => React.ReactNode } = {},
  host?: ReturnType<typeof createMiniHost>,
) {
  const chart = fakeHighcharts();
  const loadChart = jest.fn(async () => chart.module);
  const view = await renderScreen(
    <StockDetailScreen
      live={liveKit}
      loadChart={loadChart}
      watchControl={(q) => <span>watch {q.code}</span>}
      {...extra}
    />,
    {
      path: PATH,
      adapter: fake,
      session,
      ...(host ? { host } : {}),
    },
  );
  await waitFor(() => expect(chart.charts.length).toBeGreaterThan(0));
  return { ...view, chart, loadChart, fake };
}

const candleCalls = (fake: ReturnType<typeof api>) =>
  fake.calls.filter((c) => c.url === '/stock/candles' && c.form.limit === '200');
/** The chart's fetches of a period (not the latest-bars refreshes of 3). */
const periodCalls = (fake: ReturnType<typeof api>) =>
  fake.calls.filter((c) => c.url === '/stock/candles' && c.form.limit !== '3');

describe('stock detail screen', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    uninstallFakeSocket();
    forgetAhead();
  });

  it('takes the quote and the candles its route started with the navigation: each asked for once', async () => {
    const fake = api();
    const host = createMiniHost({ adapter: fake, session });
    const { register } = await import('../../../expose/register');
    await register(host.ctx);
    const { connectApi } = await import('shared/remote-kit');
    await connectApi(host.ctx);
    // what the route's loader does at the tap (app/routes.tsx STARTS), before the screen has rendered
    startStockRequests(new URL(`http://app.test${PATH}`), host.ctx);
    await waitFor(() => expect(fake.calls.map((c) => c.url)).toEqual(['/stock/detail', '/stock/candles']));
    const { chart } = await open(fake, {}, host);
    expect(chart.charts).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Toyota Motor' })).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.url === '/stock/detail')).toHaveLength(1);
    expect(candleCalls(fake)).toHaveLength(1);
  });

  it('shortens turnover and volume by language and shows the full figure on tap', async () => {
    const user = userEvent.setup();
    await open(api({ amount: '13024259500.00', volume: '5000000000' }));
    const header = screen.getByRole('region', { name: 'Quote' });
    const turnover = within(header).getByRole('button', { name: '13,024,259,500.00 JPY' });
    expect(turnover).toHaveTextContent('13.02B JPY');
    expect(within(header).getByRole('button', { name: '5,000,000,000' })).toHaveTextContent('5B');
    await user.click(turnover);
    expect(turnover).toHaveTextContent('13,024,259,500.00 JPY');
  });

  it('shows the quote header with every figure, limits and the simulated label', async () => {
    await open();
    const header = screen.getByRole('region', { name: 'Quote' });
    for (const [label, value] of [
      ['Open', '2,480.00'],
      ['Prev. close', '2,475.00'],
      ['High', '2,510.00'],
      ['Low', '2,470.00'],
      ['Volume', '1.23M'],
      ['Turnover', '3.09B JPY'],
      ['Limit up', '2,975.00'],
      ['Limit down', '1,975.00'],
    ]) {
      expect(within(header).getByText(label).nextSibling).toHaveTextContent(value);
    }
    expect(within(header).getByText('2,500.00')).toBeInTheDocument();
    expect(within(header).getByText('+1.01%')).toBeInTheDocument();
    expect(within(header).getByText('watch 7203')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toyota Motor' })).toBeInTheDocument();
    expect(screen.getByText('Chart of simulated market data')).toBeInTheDocument();
  });

  it('draws the answer’s candles while Highcharts makes its chart from them, then the chart alone', async () => {
    const chart = fakeHighcharts();
    let loaded: ((m: typeof chart.module) => void) | undefined;
    await renderScreen(
      <StockDetailScreen live={liveKit} loadChart={() => new Promise((resolve) => (loaded = resolve))} />,
      { path: PATH, adapter: api(), session },
    );
    // before any answer: the skeleton
    expect(document.querySelector('.ds-skeleton--block')).not.toBeNull();
    const preview = await screen.findByTestId('tr-chart-preview');
    expect(document.querySelector('.ds-skeleton--block')).toBeNull();
    // the latest 100 of the 150 bars answered, each a wick, a body and a volume bar; the view's high and low as
    // the answer writes them
    expect(preview.querySelectorAll('line')).toHaveLength(100);
    expect(preview.querySelectorAll('rect')).toHaveLength(200);
    expect(preview).toHaveTextContent('2,520.00');
    expect(preview).toHaveTextContent('2,470.00');
    expect(preview).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('tr-stock-chart')).not.toHaveAttribute('data-ready');
    // Highcharts arrives: its chart is made after a paint, then the preview goes
    await act(async () => loaded!(chart.module));
    await waitFor(() => expect(screen.getByTestId('tr-stock-chart')).toHaveAttribute('data-ready', 'true'));
    expect(chart.charts).toHaveLength(1);
    expect(screen.queryByTestId('tr-chart-preview')).toBeNull();
  });

  it('a chart Highcharts cannot make says so and offers to try again (the drawing does not stay on)', async () => {
    const user = userEvent.setup();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const chart = fakeHighcharts();
    let fail = true;
    const broken = {
      stockChart: (...args: Parameters<typeof chart.module.stockChart>) => {
        if (fail) throw new Error('no SVG');
        return chart.module.stockChart(...args);
      },
    } as typeof chart.module;
    await renderScreen(<StockDetailScreen live={liveKit} loadChart={async () => broken} />, {
      path: PATH,
      adapter: api(),
      session,
    });
    expect(await screen.findByText('The chart could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('tr-chart-preview')).toBeNull();
    expect(error).toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('tr-stock-chart')).toHaveAttribute('data-ready', 'true'));
    expect(chart.charts).toHaveLength(1);
    error.mockRestore();
  });

  it('loads the chart library only after the screen painted, and draws day candles first', async () => {
    const { loadChart, chart, fake } = await open();
    expect(loadChart).toHaveBeenCalledTimes(1);
    expect(candleCalls(fake).map((c) => c.form.period)).toEqual(['day']);
    expect(chart.charts[0]!.options.series[0]!.type).toBe('candlestick');
  });

  it('builds the chart again in the dark colours when Dark is chosen (no new request)', async () => {
    const root = document.documentElement;
    root.style.setProperty('--color-up', '#d0202b');
    try {
      const { chart, fake } = await open();
      const upColor = (i: number) => (chart.charts[i]!.options.series[0] as unknown as { upColor: string }).upColor;
      expect(upColor(0)).toBe('#d0202b');

      // tokens.css gives the root its dark values under data-theme="dark"; jsdom has no such cascade: set the one read
      root.style.setProperty('--color-up', '#ff7a80');
      act(() => writeTheme('dark'));

      await waitFor(() => expect(chart.charts).toHaveLength(2));
      expect(upColor(1)).toBe('#ff7a80');
      expect(chart.charts[0]!.destroy).toHaveBeenCalled();
      expect(candleCalls(fake)).toHaveLength(1);
    } finally {
      act(() => writeTheme('system'));
      root.style.removeProperty('--color-up');
    }
  });

  it('asks /stock/candles for each period it switches to and rebuilds the chart', async () => {
    const user = userEvent.setup();
    const { fake, chart } = await open();
    const periods = [
      ['Time-share', '1m'],
      ['5 min', '5m'],
      ['15 min', '15m'],
      ['30 min', '30m'],
      ['60 min', '60m'],
      ['Week', 'week'],
      ['Month', 'month'],
      ['Year', 'year'],
      ['Day', 'day'],
    ];
    for (const [label, period] of periods) {
      await user.click(screen.getByRole('tab', { name: label }));
      // The time-share asks for the whole session's minutes; every other period for 200 candles.
      const limit = period === '1m' ? String(sessionMinutes('jpy')) : '200';
      await waitFor(() =>
        expect(periodCalls(fake).at(-1)?.form).toMatchObject({ code: '7203', market: 'jpy', period, limit }),
      );
      await waitFor(() => expect(screen.getByTestId('tr-stock-chart')).toHaveAttribute('data-ready', 'true'));
    }
    expect(chart.charts.length).toBeGreaterThanOrEqual(periods.length + 1);
    expect(chart.charts.slice(0, -1).every((c) => c.destroy.mock.calls.length === 1)).toBe(true);
  });

  it('switches the sub chart between MACD, KDJ and RSI and shows their latest values', async () => {
    const user = userEvent.setup();
    const { chart } = await open();
    const current = () => chart.charts.at(-1)!;
    expect(current().series.map((s) => s.id)).toEqual(MACD_CHART_SERIES);
    expect(screen.getByLabelText('Latest MACD values')).toHaveTextContent(/Signal-?\d/);
    await user.click(screen.getByRole('radio', { name: 'KDJ' }));
    expect(current().series.map((s) => s.id)).toEqual([
      'tr-main',
      'tr-main-live',
      'tr-volume',
      'tr-volume-live',
      'tr-k',
      'tr-d',
      'tr-j',
    ]);
    expect(screen.getByLabelText('Latest KDJ values')).toHaveTextContent(/K\d/);
    await user.click(screen.getByRole('radio', { name: 'RSI' }));
    expect(current().series.map((s) => s.id)).toEqual([
      'tr-main',
      'tr-main-live',
      'tr-volume',
      'tr-volume-live',
      'tr-rsi',
    ]);
    expect(screen.getByLabelText('Latest RSI values')).toHaveTextContent(/RSI\(14\)\d+\.\d\d/);
  });

  it('updates the price text at tick rate and the chart at most once a second', async () => {
    jest.useFakeTimers();
    try {
      const { chart } = await open();
      await waitFor(() => expect(FakeSocket.latest()?.sent[0]).toMatchObject({ op: 'auth' }));
      const socket = FakeSocket.latest()!;
      socket.ready();
      expect(socket.sent.at(-1)).toEqual({ op: 'sub', market: 'jpy', codes: ['7203'] });
      const c = chart.charts.at(-1)!;
      const redrawnAt: number[] = [];
      c.redraw.mockClear();
      c.redraw.mockImplementation(() => redrawnAt.push(Date.now()));
      const base = quote({ code: '7203' });
      // Ten ticks, 300 ms apart: the price text follows each one at once.
      for (let i = 0; i < 10; i += 1) {
        const price = (2501 + i).toFixed(2);
        socket.serverSend({
          type: 'ticks',
          time: 'x',
          quotes: [{ ...base, price, time: new Date(Date.parse(base.time) + i * 300).toISOString() }],
        });
        const shown = within(screen.getByRole('region', { name: 'Quote' })).getAllByText(`2,${price.slice(1)}`);
        expect(shown.some((el) => el.getAttribute('data-flash') === 'up')).toBe(true);
        await act(() => jest.advanceTimersByTimeAsync(300));
      }
      await act(() => jest.advanceTimersByTimeAsync(3000));
      // 3 s of ticks: at most 4 redraws, each at least a second after the previous one, none once ticks stop.
      expect(redrawnAt.length).toBeGreaterThanOrEqual(2);
      expect(redrawnAt.length).toBeLessThanOrEqual(4);
      for (let i = 1; i < redrawnAt.length; i += 1)
        expect(redrawnAt[i]! - redrawnAt[i - 1]!).toBeGreaterThanOrEqual(1000);
      expect(redrawnAt.at(-1)!).toBeLessThanOrEqual(Date.now() - 1000);
      expect(c.series[0]!.setData).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('polls /stock/detail every few seconds when the stream cannot connect', async () => {
    installFakeSocket('refuse');
    jest.useFakeTimers();
    try {
      const { fake } = await open();
      const calls = () => fake.calls.filter((c) => c.url === '/stock/detail').length;
      const before = calls();
      await act(() => jest.advanceTimersByTimeAsync(4_100));
      expect(calls()).toBe(before + 1);
      await act(() => jest.advanceTimersByTimeAsync(4_000));
      expect(calls()).toBe(before + 2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives the trade panel slot the loaded quote', async () => {
    await open(api({ status: 'closed', next_open: '2026-11-23T00:00:00.000Z' }), {
      tradePanel: (q) => (
        <p>
          trade {q.code} at {q.price}
        </p>
      ),
    });
    expect(screen.getByText('trade 7203 at 2500.00')).toBeInTheDocument();
    expect(screen.getByText(/Market closed: opens at/)).toBeInTheDocument();
  });

  it('mounts the trade slot after the price is in the document (the price first after a tap)', async () => {
    const priceShownAtSlot: boolean[] = [];
    function Slot({ code }: { code: string }) {
      priceShownAtSlot.push(document.querySelector('section[aria-label="Quote"]') !== null);
      return <p>trade {code}</p>;
    }
    await open(api(), { tradePanel: (q) => <Slot code={q.code} /> });
    expect(await screen.findByText('trade 7203')).toBeInTheDocument();
    expect(priceShownAtSlot[0]).toBe(true);
  });

  it('re-renders on a tick only what shows the price: never the trade panel slot', async () => {
    let slotCommits = 0;
    const probe = (q: Quote) => (
      <Profiler id="trade" onRender={() => (slotCommits += 1)}>
        <p>trade {q.code}</p>
      </Profiler>
    );
    await open(api(), { tradePanel: probe });
    await waitFor(() => expect(FakeSocket.latest()?.sent[0]).toMatchObject({ op: 'auth' }));
    const socket = FakeSocket.latest()!;
    socket.ready();
    expect(screen.getByText('trade 7203')).toBeInTheDocument();
    const before = slotCommits;
    const base = quote({ code: '7203' });
    for (let i = 0; i < 5; i += 1) {
      const price = (2511 + i).toFixed(2);
      act(() =>
        socket.serverSend({
          type: 'ticks',
          time: 'x',
          quotes: [{ ...base, price, time: new Date(Date.parse(base.time) + (i + 1) * 1000).toISOString() }],
        }),
      );
      expect(
        within(screen.getByRole('region', { name: 'Quote' })).getAllByText(`2,${price.slice(1)}`).length,
      ).toBeGreaterThan(0);
    }
    expect(slotCommits).toBe(before);
  });
  describe('opened by a deep link (index.html asked for the quote, decisions/0030)', () => {
    const early = quote({ code: '7203', price: '2444.50', change: '-5.50', change_ratio: '-0.22' });
    /** /stock/detail never answers here: whatever price shows came from the page's early answer. */
    const silentDetail = () => api({}, () => new Promise<never>(() => undefined));

    it('shows the early answer for exactly its request at the first render, with no skeleton', async () => {
      const asked: unknown[] = [];
      const earlyAnswer = (path: string, request: Record<string, unknown>) => {
        asked.push([path, request]);
        return path === '/stock/detail' && request.code === '7203' && request.lang === 'us' ? early : undefined;
      };
      await renderScreen(<StockDetailScreen live={liveKit} loadChart={async () => fakeHighcharts().module} />, {
        path: PATH,
        adapter: silentDetail(),
        session,
        earlyAnswer,
      });
      const header = screen.getByRole('region', { name: 'Quote' });
      expect(within(header).getByText('2,444.50')).toBeInTheDocument();
      expect(within(header).getByText('-0.22%')).toBeInTheDocument();
      // the header's skeleton (text lines; the chart's is a block) never showed
      expect(document.querySelector('.ds-skeleton:not(.ds-skeleton--block)')).toBeNull();
      expect(asked[0]).toEqual(['/stock/detail', { code: '7203', market: 'jpy', lang: 'us' }]);
    });

    it('shows the day chart index.html drew in place of the skeleton until its own chart has drawn', async () => {
      const user = userEvent.setup();
      const picture = document.createElement('div');
      picture.setAttribute('role', 'img');
      picture.setAttribute('aria-label', 'Day chart (early)');
      const asked: unknown[] = [];
      const earlyChart = jest.fn((market: string, code: string) => {
        asked.push([market, code]);
        return market === 'jpy' && code === '7203' && asked.length === 1 ? picture : undefined;
      });
      let loaded: ((m: ReturnType<typeof fakeHighcharts>['module']) => void) | undefined;
      const chart = fakeHighcharts();
      await renderScreen(
        <StockDetailScreen live={liveKit} loadChart={() => new Promise((resolve) => (loaded = resolve))} />,
        { path: PATH, adapter: api(), session, earlyChart },
      );
      await waitFor(() => expect(loaded).toBeDefined());
      // taken once, at the first commit, for this stock
      expect(asked).toEqual([['jpy', '7203']]);
      const slot = screen.getByTestId('tr-stock-chart').parentElement!.querySelector('[data-preview]');
      expect(slot?.firstChild).toBe(picture);
      expect(screen.getByRole('img', { name: 'Day chart (early)' })).toBeInTheDocument();
      expect(document.querySelector('.ds-skeleton--block')).toBeNull();
      // Highcharts arrives and draws: the early picture goes with the overlay
      await act(async () => loaded!(chart.module));
      await waitFor(() => expect(screen.getByTestId('tr-stock-chart')).toHaveAttribute('data-ready', 'true'));
      expect(picture.isConnected).toBe(false);
      expect(chart.charts).toHaveLength(1);
      // another period never shows the day picture again
      await user.click(screen.getByRole('tab', { name: 'Week' }));
      expect(picture.isConnected).toBe(false);
      expect(earlyChart).toHaveBeenCalledTimes(1);
    });

    it('drops the early day chart for the skeleton when another period is chosen before its chart draws', async () => {
      const user = userEvent.setup();
      const picture = document.createElement('div');
      await renderScreen(<StockDetailScreen live={liveKit} loadChart={() => new Promise(() => undefined)} />, {
        path: PATH,
        adapter: api(),
        session,
        earlyChart: () => picture,
      });
      expect(picture.isConnected).toBe(true);
      // the skeleton, or the week's own candles once answered: never an empty box
      const placeholder = () => document.querySelector('.ds-skeleton--block, [data-testid="tr-chart-preview"]');
      await user.click(screen.getByRole('tab', { name: 'Week' }));
      expect(picture.isConnected).toBe(false);
      expect(placeholder()).not.toBeNull();
      // back to Day before Highcharts: the same, not an empty box
      await user.click(screen.getByRole('tab', { name: 'Day' }));
      expect(picture.isConnected).toBe(false);
      expect(placeholder()).not.toBeNull();
      await waitFor(() => expect(screen.getByTestId('tr-chart-preview')).toBeInTheDocument());
    });

    it('ignores an early answer the contract refuses, and waits for its own', async () => {
      await renderScreen(<StockDetailScreen live={liveKit} loadChart={async () => fakeHighcharts().module} />, {
        path: PATH,
        adapter: silentDetail(),
        session,
        earlyAnswer: () => ({ ...early, price: 'cheap' }),
      });
      expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
      expect(document.querySelector('.ds-skeleton:not(.ds-skeleton--block)')).not.toBeNull();
    });
  });
});
