import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRemote } from '#testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, reply } from 'shared/test-utils';
import { application, listing, page } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
/** Spaces inside a market clock are no-break spaces: compare the text with plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

// A whole screen through the real client on a shared, slow machine: more than jest's default 5 s per test.
jest.setTimeout(30_000);

describe('block trade screen', () => {
  it('lists the standard listings of every market with price, live price and gap, lots and deadline', async () => {
    const api = fakeApi({
      '/block/list': ok(
        page([
          listing(),
          listing({ id: 13, code: 'AAPL', name: 'Apple', market: 'usd', currency: 'USD', premium_pct: '2.10' }),
        ]),
      ),
    });
    await renderRemote('/home/large', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Block-trade listings' });
    const toyota = within(list).getByRole('link', { name: /Toyota Motor/ });
    expect(toyota).toHaveAttribute('href', '/home/largeInfo?id=12');
    expect(toyota).toHaveTextContent('7203 · Japan');
    expect(toyota).toHaveTextContent('Open');
    const stat = (row: HTMLElement, label: string) => within(row).getByText(label).closest('div')!;
    expect(stat(toyota, 'Block price')).toHaveTextContent('2,850.00 JPY');
    expect(stat(toyota, 'Live price')).toHaveTextContent('3,000.00Discount 5.00%');
    expect(stat(toyota, 'Minimum buy lots')).toHaveTextContent('10');
    expect(stat(toyota, 'Lots left')).toHaveTextContent('320');
    expect(plain(stat(toyota, 'Trade deadline').textContent)).toContain('2026-12-01 15:00 JST · 06:00 your time');
    expect(within(list).getByRole('link', { name: /Apple/ })).toHaveTextContent('Premium 2.10%');
    expect(screen.getByText(/simulated/i)).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/block/list')?.form).toEqual({
      variant: 'standard',
      lang: 'us',
      page: '1',
      size: '20',
    });
  });

  it('loads the next page of listings on demand', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => listing({ id: 100 + i, name: `Block ${i + 1}` }));
    const api = fakeApi({
      '/block/list': (form: Record<string, string>) =>
        ok(page(form.page === '1' ? first : [listing({ id: 200, name: 'Block 21' })], 21)),
    });
    await renderRemote('/home/large', { adapter: api, session });
    expect(await screen.findByText('20 of 21 shown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Block 21/ })).toBeInTheDocument();
    expect(screen.getByText('21 of 21 shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/block/list').map((c) => c.form.page)).toEqual(['1', '2']);
  });

  it('says why a closed listing is closed', async () => {
    const closed = listing({ state: 'closed', closed_reason: 'sold_out', lots_left: 0 });
    await renderRemote('/home/large', { adapter: fakeApi({ '/block/list': ok(page([closed])) }), session });
    const list = await screen.findByRole('list', { name: 'Block-trade listings' });
    expect(within(list).getByText('Closed: sold out')).toBeInTheDocument();
  });

  it('says when no block trade is listed', async () => {
    await renderRemote('/home/large', { adapter: fakeApi({ '/block/list': ok(page([])) }), session });
    expect(await screen.findByText('No block trades listed')).toBeInTheDocument();
  });

  it('offers a retry when the listings cannot be loaded', async () => {
    const api = fakeApi({ '/block/list': reply(500, { status: 0, msg: 'server_error' }) });
    await renderRemote('/home/large', { adapter: api, session });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded.');
    api.set('/block/list', ok(page([listing()])));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Toyota Motor/ })).toBeInTheDocument();
  });

  it('shows the application list tab with each review state and a rejection’s reason', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/block/list': ok(page([listing()])),
      '/block/applications': ok(
        page([
          application(),
          application({ id: 41, order_no: 'B2', status: 'approved', position_id: 9 }),
          application({ id: 42, order_no: 'B3', status: 'rejected', reason: 'Lots over the house limit' }),
        ]),
      ),
    });
    await renderRemote('/home/large', { adapter: api, session });
    await user.click(await screen.findByRole('tab', { name: 'Application list' }));

    const list = await screen.findByRole('list', { name: 'My block-trade applications' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/home/large4?id=40',
      '/home/large4?id=41',
      '/home/large4?id=42',
    ]);
    expect(rows[0]).toHaveTextContent('Pending review');
    expect(rows[0]).toHaveTextContent('Order no. B20261124001');
    expect(rows[0]).toHaveTextContent('3,420,000.00 JPY');
    expect(rows[1]).toHaveTextContent('Approved');
    // An approved application is a placed allotment: the spec's placement_success, on its row only.
    expect(rows[1]).toHaveTextContent('Placement successful.');
    expect(rows[0]).not.toHaveTextContent('Placement successful.');
    expect(rows[2]).toHaveTextContent('Rejected');
    expect(rows[2]).not.toHaveTextContent('Placement successful.');
    expect(rows[2]).toHaveTextContent('Reason: Lots over the house limit');
    expect(api.calls.find((c) => c.url === '/block/applications')?.form).toMatchObject({ variant: 'standard' });
  });

  it('says how to apply when there are no applications', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/block/list': ok(page([listing()])), '/block/applications': ok(page([])) });
    await renderRemote('/home/large', { adapter: api, session });
    await user.click(await screen.findByRole('tab', { name: 'Application list' }));
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
    expect(screen.getByText(/Open a listing on the Stocks tab/)).toBeInTheDocument();
  });

  it('keeps the labels of a row whole in Japanese (no break inside a word), only values wrap', async () => {
    const api = fakeApi({ '/block/list': ok(page([listing()])) });
    await renderRemote('/home/large', { adapter: api, session: { ...session, language: 'jp' } });
    const row = await screen.findByRole('link', { name: /Toyota Motor/ });
    const css = readFileSync(join(__dirname, 'block-trade.module.css'), 'utf8');
    const rule = /^\.keepLabels dt \{([^}]*)\}/m.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/word-break: keep-all;/);
    expect(rule).not.toMatch(/overflow-wrap: anywhere/);
    for (const label of ['現在値', '申込締切'])
      expect(within(row).getByText(label, { selector: 'dt' }).closest('dl')).toHaveClass('keepLabels');
  });

  it.each([
    ['cn', '大宗交易', '折价 5.00%', '股票'],
    ['jp', '大口取引', 'ディスカウント 5.00%', '銘柄'],
  ] as const)('reads in %s', async (language, title, gap, tab) => {
    const api = fakeApi({ '/block/list': ok(page([listing()])) });
    await renderRemote('/home/large', { adapter: api, session: { ...session, language } });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(gap)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });
});
