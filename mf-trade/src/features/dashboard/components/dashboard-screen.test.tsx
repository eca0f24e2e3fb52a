import { installFakeSocket, quote, renderRemote, uninstallFakeSocket } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };
const INDEX = { jpy: 'N225', usd: 'SPX', cny: '000001' } as const;
const LISTS = {
  jpy: [
    quote({ code: '9984', change_ratio: '2.30' }),
    quote({ code: '7203', change_ratio: '1.01' }),
    quote({ code: '6758', change_ratio: '-0.50' }),
  ],
  usd: [quote({ code: 'AAPL', market: 'usd', change_ratio: '0.40' })],
  cny: [quote({ code: '600519', market: 'cny', change_ratio: '-1.20' })],
};

function api() {
  return fakeApi({
    '/stock/list': (form: Record<string, string>) => {
      const m = form.market as keyof typeof LISTS;
      const rows = [...LISTS[m]].sort(
        (a, b) => (Number(a.change_ratio) - Number(b.change_ratio)) * (form.order === 'desc' ? -1 : 1),
      );
      return ok({
        list: rows.slice(0, Number(form.size)),
        total: rows.length,
        page: 1,
        size: Number(form.size),
        index: quote({
          code: INDEX[m],
          market: m,
          kind: 'index',
          price: '38123.45',
          status: m === 'usd' ? 'closed' : 'open',
        }),
        simulated: true,
      });
    },
  });
}

describe('dashboard screen', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('shows the main index of each of the three markets with its state', async () => {
    await renderRemote('/home/index', { adapter: api(), session });
    const section = (await screen.findByRole('heading', { name: 'Market indices' })).closest('section')!;
    await waitFor(() => expect(within(section).getByText('Nikkei 225')).toBeInTheDocument());
    expect(within(section).getByText('S&P 500')).toBeInTheDocument();
    expect(within(section).getByText('SSE Composite')).toBeInTheDocument();
    expect(within(section).getAllByText('38,123.45')).toHaveLength(3);
    expect(within(section).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Simulated market data');
  });

  it('lists the top gainers and losers of the chosen market', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/home/index', { adapter: fake, session });
    const gainers = await screen.findByRole('list', { name: 'Gainers' });
    expect(
      within(gainers)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['9984', '7203', '6758'].map((c) => `/quotes/info?code=${c}&market=jpy`));
    await user.click(screen.getByRole('radio', { name: 'Losers' }));
    const losers = await screen.findByRole('list', { name: 'Losers' });
    expect(within(losers).getAllByRole('link')[0]).toHaveAttribute('href', '/quotes/info?code=6758&market=jpy');
    await user.click(screen.getByRole('tab', { name: 'China' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Losers' })).getByRole('link')).toHaveTextContent(
        'Kweichow Moutai',
      ),
    );
    expect(fake.calls.at(-1)?.form).toMatchObject({ market: 'cny', sort: 'change_ratio', order: 'asc' });
  });

  it('names the panel button and draws its icon as a decorative SVG, not a text glyph', async () => {
    await renderRemote('/home/index', { adapter: api(), session });
    const button = await screen.findByRole('button', { name: 'Open account panel' });
    expect(button.textContent).toBe('');
    const svg = button.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
  });

  it('gives every entry tile an SVG icon and its owner route', async () => {
    await renderRemote('/home/index', { adapter: api(), session });
    const nav = await screen.findByRole('navigation', { name: 'Services' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['New shares', '/home/newShare'],
      ['Block trade', '/home/large'],
      ['Copy trading', '/home/qcList'],
      ['Day trading', '/home/withinDays'],
      ['Deposit', '/mine/stored'],
      ['Withdraw', '/mine/withdraw'],
      ['Exchange', '/mine/exchange'],
      ['Loan', '/mine/loan'],
    ]);
    for (const link of links) expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });
});
