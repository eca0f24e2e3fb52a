import { renderRemote } from '#testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortfolioAnswer } from 'shared/contract';
import { fakeApi, ok, refused } from 'shared/test-utils';
import { writeTheme } from 'shared/ui';

// Highcharts is a dynamic import of the kit's loader (shared/remote-kit highcharts.ts), passed by src/app/: the fake
// module records when it is first evaluated (the chunk downloads) and every chart drawn.
const mockCharts: {
  evaluated: number;
  drawn: { container: HTMLElement; options: unknown; destroy: jest.Mock }[];
} = {
  evaluated: 0,
  drawn: [],
};
jest.mock('highcharts/esm/highcharts.js', () => {
  mockCharts.evaluated += 1;
  return {
    __esModule: true,
    default: {
      chart: (container: HTMLElement, options: unknown) => {
        const destroy = jest.fn();
        mockCharts.drawn.push({ container, options, destroy });
        return { destroy };
      },
    },
  };
});

const point = (date: string, equity: string, balance = equity, unrealised = '0', flows = '0', pnl = '0') => ({
  date,
  balance,
  unrealised,
  equity,
  flows,
  pnl,
});
const zeros = (currency: string) => ({
  currency,
  points: [point('2026-11-18', '0'), point('2026-11-19', '0')],
});
const answer: PortfolioAnswer = {
  days: 30,
  as_of: '2026-11-19T05:00:00.000Z',
  series: [
    // 500,000 deposited on the first day: equity rises by 512,345.50, the performance by 12,345.50 only.
    {
      currency: 'JPY',
      points: [
        point('2026-11-18', '500000', '500000', '0', '500000', '0'),
        point('2026-11-19', '512345.5', '500000', '12345.5', '0', '12345.5'),
      ],
      twr: '2.47',
    },
    zeros('USD'),
    zeros('CNY'),
  ],
  by_market: [
    {
      market: 'jpy',
      currency: 'JPY',
      realised: '-2500',
      realised_net: '-2640',
      fees: '140',
      unrealised: '12345.5',
      total: '9705.5',
      open_positions: 1,
    },
  ],
  simulated: true,
};
const empty: PortfolioAnswer = { ...answer, series: [zeros('JPY'), zeros('USD'), zeros('CNY')], by_market: [] };
const session = (language: 'us' | 'jp' | 'cn') => ({ language, market: 'jpy', token: 't' }) as const;

describe('portfolio screen', () => {
  it('is the only screen that loads Highcharts: the positions screen never does', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok({ list: {}, ccsz: '0', fdyk: '0' }),
      '/trade/userstocklists': ok({ list: [], lsyk: '0' }),
    });
    await renderRemote('/position/index', { adapter: api, session: session('us') });
    expect(await screen.findByRole('heading', { name: 'Positions' })).toBeInTheDocument();
    // Let every request of the screen settle (its lists load) before checking nothing loaded Highcharts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(mockCharts.evaluated).toBe(0);
    expect(mockCharts.drawn).toHaveLength(0);
  });

  it('draws one equity line per currency with money, from Highcharts loaded on this screen', async () => {
    const api = fakeApi({ '/trade/portfolio': ok(answer) });
    await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
    await waitFor(() => expect(screen.getByTestId('tr-portfolio-chart-JPY')).toHaveAttribute('data-ready', 'true'));
    expect(mockCharts.evaluated).toBe(1);
    expect(screen.queryByTestId('tr-portfolio-chart-USD')).not.toBeInTheDocument();
    const drawn = mockCharts.drawn.at(-1)!;
    expect(drawn.container).toBe(screen.getByTestId('tr-portfolio-chart-JPY'));
    const series = (drawn.options as { series: { data: { x: number; y: number; equity: string }[] }[] }).series;
    // The line is the performance net of cash flows: the deposit of the first day is no gain.
    expect(series[0]!.data).toEqual([
      { x: Date.parse('2026-11-18T00:00:00Z'), y: 0, pnl: '0' },
      { x: Date.parse('2026-11-19T00:00:00Z'), y: 12345.5, pnl: '12345.5' },
    ]);
    expect(api.calls.find((c) => c.url === '/trade/portfolio')!.form).toMatchObject({ days: '30' });
  });

  it('draws the chart again in the new mode colours when the mode changes while open (no new request)', async () => {
    const root = document.documentElement;
    root.style.setProperty('--color-brand', '#1a3fb8');
    root.style.setProperty('--color-border', '#e1e5ee');
    let dark = false;
    const media = new Set<() => void>();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: (_: string, l: () => void) => media.add(l),
      removeEventListener: (_: string, l: () => void) => media.delete(l),
    })) as unknown as typeof window.matchMedia;
    const colors = (i: number) => {
      const o = mockCharts.drawn[i]!.options as { series: { color: string }[]; yAxis: { gridLineColor: string } };
      return [o.series[0]!.color, o.yAxis.gridLineColor];
    };
    try {
      const api = fakeApi({ '/trade/portfolio': ok(answer) });
      await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
      await waitFor(() => expect(screen.getByTestId('tr-portfolio-chart-JPY')).toHaveAttribute('data-ready', 'true'));
      const first = mockCharts.drawn.length - 1;
      expect(colors(first)).toEqual(['#1a3fb8', '#e1e5ee']);

      // Dark chosen in Appearance: tokens.css gives the root its dark values under data-theme="dark"; jsdom has no
      // such cascade, so the values read are set here.
      root.style.setProperty('--color-brand', '#7f9bff');
      root.style.setProperty('--color-border', '#2a3346');
      act(() => writeTheme('dark'));
      await waitFor(() => expect(mockCharts.drawn).toHaveLength(first + 2));
      expect(colors(first + 1)).toEqual(['#7f9bff', '#2a3346']);
      expect(mockCharts.drawn[first]!.destroy).toHaveBeenCalled();

      // System again, then the phone's own setting turns light → dark: drawn for each change.
      root.style.setProperty('--color-brand', '#1a3fb8');
      act(() => writeTheme('system'));
      await waitFor(() => expect(mockCharts.drawn).toHaveLength(first + 3));
      expect(colors(first + 2)[0]).toBe('#1a3fb8');
      root.style.setProperty('--color-brand', '#7f9bff');
      dark = true;
      act(() => media.forEach((l) => l()));
      await waitFor(() => expect(mockCharts.drawn).toHaveLength(first + 4));
      expect(colors(first + 3)[0]).toBe('#7f9bff');
      expect(mockCharts.drawn[first + 2]!.destroy).toHaveBeenCalled();
      expect(api.calls.filter((c) => c.url === '/trade/portfolio')).toHaveLength(1);
    } finally {
      act(() => writeTheme('system'));
      window.matchMedia = matchMedia;
      root.style.removeProperty('--color-brand');
      root.style.removeProperty('--color-border');
    }
  });

  it('shows performance net of deposits with its time-weighted return, and the balances apart (issue 35)', async () => {
    const api = fakeApi({ '/trade/portfolio': ok(answer) });
    await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
    const pnl = await screen.findByTestId('tr-portfolio-pnl-JPY');
    // Not the +512,345.50 equity change: the deposit is a cash flow.
    expect(pnl).toHaveTextContent('+12,345.50 JPY');
    expect(pnl).not.toHaveTextContent('512,345');
    expect(pnl.firstElementChild).toHaveClass('ds-num--up');
    expect(screen.getByTestId('tr-portfolio-twr-JPY')).toHaveTextContent('Time-weighted return +2.47%');
    expect(screen.getByRole('heading', { name: 'Performance (JPY)' })).toBeInTheDocument();
    const balances = screen.getByRole('heading', { name: 'Balances' }).nextElementSibling as HTMLElement;
    expect(balances).toHaveTextContent('Equity (cash + unrealised)512,345.50 JPY');
    expect(balances).toHaveTextContent('Cash balance500,000.00 JPY');
    // The money that came in, neutral (no gain colour, no sign).
    const flows = screen.getByTestId('tr-portfolio-flows-JPY');
    expect(flows).toHaveTextContent('500,000.00 JPY');
    expect(flows.querySelector('.ds-num--up')).toBeNull();
    expect(screen.getByText(/Performance is net of cash flows/)).toHaveTextContent('The return is time-weighted');
  });

  it.each([
    ['cn', '收益（JPY）', '时间加权收益率', '已实现盈亏（扣费后）'],
    ['jp', '運用成績（JPY）', '時間加重収益率', '実現損益（手数料控除後）'],
  ] as const)('says how performance is measured in %s', async (language, heading, twr, realisedNet) => {
    const api = fakeApi({ '/trade/portfolio': ok(answer) });
    await renderRemote('/position/portfolio', { adapter: api, session: session(language) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('tr-portfolio-twr-JPY')).toHaveTextContent(twr);
    expect(screen.getByRole('rowheader', { name: realisedNet })).toBeInTheDocument();
  });

  it('shows the P&L by market with signed colours, the recomputed note and the simulated label', async () => {
    const api = fakeApi({ '/trade/portfolio': ok(answer) });
    await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Japan/ })).toBeInTheDocument();
    expect(screen.getByTestId('tr-pnl-jpy-realisedNet')).toHaveTextContent('-2,640.00');
    expect(within(table).getByRole('rowheader', { name: 'Realised P&L, after fees' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Total, after fees' })).toBeInTheDocument();
    expect(screen.getByTestId('tr-pnl-jpy-realised')).toHaveTextContent('-2,500.00');
    expect(screen.getByTestId('tr-pnl-jpy-realised').firstElementChild).toHaveClass('ds-num--down');
    expect(screen.getByTestId('tr-pnl-jpy-fees')).toHaveTextContent('140.00');
    expect(screen.getByTestId('tr-pnl-jpy-unrealised')).toHaveTextContent('+12,345.50');
    expect(screen.getByTestId('tr-pnl-jpy-unrealised').firstElementChild).toHaveClass('ds-num--up');
    expect(screen.getByTestId('tr-pnl-jpy-total')).toHaveTextContent('+9,705.50');
    expect(screen.getByTestId('tr-pnl-jpy-open')).toHaveTextContent('1');
    expect(screen.getByText(/recomputed from the ledger and market data/)).toHaveTextContent(
      'Prices come from simulated market data.',
    );
  });

  it('asks again for each range', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/trade/portfolio': (form: Record<string, string>) => ok({ ...answer, days: +form.days! }) });
    await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
    await screen.findByRole('table');
    for (const [label, days] of [
      ['7 days', '7'],
      ['90 days', '90'],
      ['1 year', '365'],
    ]) {
      await user.click(screen.getByRole('radio', { name: label }));
      await waitFor(() => expect(api.calls.filter((c) => c.url === '/trade/portfolio').at(-1)!.form.days).toBe(days));
    }
  });

  it('shows an empty state to a new user (no chart drawn)', async () => {
    const drawnBefore = mockCharts.drawn.length;
    const api = fakeApi({ '/trade/portfolio': ok({ ...empty, simulated: false }) });
    await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
    expect(await screen.findByText('Nothing to show yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/simulated market data/)).not.toBeInTheDocument();
    expect(mockCharts.drawn.length).toBe(drawnBefore);
  });

  it.each([
    ['us', 'Portfolio', 'P&L by market', 'Realised P&L, before fees'],
    ['jp', 'ポートフォリオ', '市場別損益', '実現損益（手数料控除前）'],
    ['cn', '投资组合', '各市场盈亏', '已实现盈亏（扣费前）'],
  ] as const)('reads in %s', async (language, title, table, realised) => {
    const api = fakeApi({ '/trade/portfolio': ok(answer) });
    await renderRemote('/position/portfolio', { adapter: api, session: session(language) });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: table })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: realised })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/portfolio\.\w/);
  });

  it('offers a retry when the answer is refused', async () => {
    const api = fakeApi({ '/trade/portfolio': refused('field_invalid') });
    await renderRemote('/position/portfolio', { adapter: api, session: session('us') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The portfolio could not be loaded.');
  });
});
