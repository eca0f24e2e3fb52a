import { FakeSocket, installFakeSocket, quote, renderInRemote, renderRemote, uninstallFakeSocket } from '#testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { PasskeyNudge } from './passkey-nudge';

/** The panel and the card load lazily: on a busy machine their first answer takes longer than waitFor's 1 s. */
const SLOW = { timeout: 5000 };
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

const RATE_TIME = '2026-11-20T01:00:00.000Z';
const ZERO_PARTS = {
  new_shares: '0',
  withdrawals: '0',
  copy_trades: '0',
  credit_orders: '0',
  holdings: '0',
  pending_orders: '0',
};
const row = (currency: string, over: Record<string, unknown> = {}) => ({
  currency,
  available: '0',
  frozen: '0',
  frozen_parts: ZERO_PARTS,
  debt: '0',
  holdings_value: '0',
  unrealised: '0',
  total: '0',
  ...over,
});
/** /user/assets: JPY with holds and a loan, some USD, no CNY; the total at the mid rates. */
const ASSETS = {
  display: 'JPY',
  total: '650060',
  rate_kind: 'mid',
  rates: [
    { from: 'USD', to: 'JPY', rate: '150.12', updated_at: RATE_TIME },
    { from: 'CNY', to: 'JPY', rate: '20.833333333333', updated_at: RATE_TIME },
  ],
  rates_at: RATE_TIME,
  currencies: [
    row('JPY', {
      available: '500000',
      frozen: '120000',
      frozen_parts: { ...ZERO_PARTS, new_shares: '100000', pending_orders: '20000' },
      debt: '150000',
      total: '620000',
    }),
    row('USD', { available: '200', total: '200' }),
    row('CNY'),
  ],
};

function api() {
  return fakeApi({
    '/user/assets': ok(ASSETS),
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

  it('badges the account button with the unread inbox count and follows the stream’s pushes', async () => {
    const fake = api();
    fake.set('/user/messages', ok({ list: [], total: 3, unread: 3 }));
    await renderRemote('/home/index', { adapter: fake, session });
    const button = await screen.findByRole('button', { name: 'Open account panel, 3 unread messages' }, SLOW);
    expect(within(button).getByTestId('inbox-badge')).toHaveTextContent('3');
    await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
    FakeSocket.latest()!.ready();
    FakeSocket.latest()!.serverSend({ type: 'inbox', unread: 4 });
    expect(await screen.findByRole('button', { name: 'Open account panel, 4 unread messages' })).toBeInTheDocument();
    FakeSocket.latest()!.serverSend({ type: 'inbox', unread: 0 });
    expect(await screen.findByRole('button', { name: 'Open account panel' })).toBeInTheDocument();
    expect(screen.queryByTestId('inbox-badge')).not.toBeInTheDocument();
  });

  it('refetches the total assets when the stream says the inbox changed (a review moved money)', async () => {
    const fake = api();
    await renderRemote('/home/index', { adapter: fake, session });
    const total = await screen.findByTestId('home-total', {}, SLOW);
    await waitFor(() => expect(total).toHaveTextContent('650,060.00 JPY'), SLOW);
    fake.set('/user/assets', ok({ ...ASSETS, total: '1150060' }));
    await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
    FakeSocket.latest()!.ready();
    FakeSocket.latest()!.serverSend({ type: 'inbox', unread: 1 });
    await waitFor(() => expect(screen.getByTestId('home-total')).toHaveTextContent('1,150,060.00 JPY'), SLOW);
  });

  describe('the passkey offer after sign-in (issue 33 point 3)', () => {
    const passkey = { id: 1, name: 'Pixel', created_at: RATE_TIME, last_used_at: null, suspended: false };
    beforeEach(() => {
      // jsdom has no WebAuthn: the offer shows only where the browser can make a passkey.
      Object.defineProperty(window, 'PublicKeyCredential', {
        value: function PublicKeyCredential() {},
        configurable: true,
      });
      sessionStorage.clear();
    });
    afterEach(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });

    it('offers a passkey while the account has none: a card, no dialog; Add opens the security screen', async () => {
      const user = userEvent.setup();
      const fake = api();
      fake.set('/user/passkeys', ok({ list: [] }));
      await renderRemote('/home/index', { adapter: fake, session });
      const card = await screen.findByRole('region', { name: 'Add a passkey for a safer sign-in' }, SLOW);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Add a passkey' })).toHaveAttribute('href', '/mine/security');
      cleanup();
      // Followed (the card alone, so the other remote's route is a stand-in):
      const view = await renderInRemote(<PasskeyNudge account="a" />, { adapter: fake, session });
      await user.click(await screen.findByRole('link', { name: 'Add a passkey' }, SLOW));
      // The security screen (mf-account) starts the registration when it arrives with this state.
      expect(view.router.state.location).toMatchObject({ pathname: '/mine/security', state: { addPasskey: true } });
    });

    it('says nothing once the account has a passkey', async () => {
      const fake = api();
      fake.set('/user/passkeys', ok({ list: [passkey] }));
      await renderRemote('/home/index', { adapter: fake, session });
      await screen.findByTestId('home-total', {}, SLOW);
      await waitFor(() => expect(fake.calls.some((c) => c.url === '/user/passkeys')).toBe(true));
      expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
    });

    it('"Not now" hides it for this sign-in and asks no more', async () => {
      const user = userEvent.setup();
      const fake = api();
      fake.set('/user/passkeys', ok({ list: [] }));
      const view = await renderRemote('/home/index', { adapter: fake, session });
      const card = await screen.findByRole('region', { name: 'Add a passkey for a safer sign-in' }, SLOW);
      await user.click(within(card).getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
      view.unmount();
      const asked = fake.calls.filter((c) => c.url === '/user/passkeys').length;
      await renderRemote('/home/index', { adapter: fake, session });
      await screen.findByTestId('home-total', {}, SLOW);
      expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
      expect(fake.calls.filter((c) => c.url === '/user/passkeys')).toHaveLength(asked);
    });
  });

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

  it.each([
    [
      'cn',
      '总资产',
      '按今日中间价折算：1 USD = 150.12 JPY · 1 CNY = 20.8333 JPY',
      '各币种明细',
      ['可用', '冻结', '负债'],
    ],
    ['us', 'Total assets', "At today's mid rates: 1 USD = 150.12 JPY", 'By currency', ['Available', 'Frozen', 'Debt']],
    ['jp', '総資産', '本日の仲値で換算：1 USD = 150.12 JPY', '通貨別の内訳', ['買付余力', '拘束金', '借入残高']],
  ] as const)(
    'shows the whole account converted into JPY, its rates, and each currency one tap away (%s)',
    async (language, label, rates, breakdown, [available, frozen, debt]) => {
      const fake = api();
      await renderRemote('/home/index', { adapter: fake, session: { ...session, language } });
      const card = await screen.findByRole('region', { name: label });
      await waitFor(() => expect(within(card).getByTestId('home-total')).toHaveTextContent('650,060.00 JPY'), SLOW);
      expect(within(card).getByTestId('home-rates')).toHaveTextContent(rates);
      expect(fake.calls.find((c) => c.url === '/user/assets')?.form).toEqual({ display: 'JPY' });
      const jpy = within(card).getByRole('heading', { level: 3, name: /JPY/ }).closest('section')!;
      expect(jpy).not.toBeVisible();
      await userEvent.setup().click(within(card).getByText(breakdown));
      expect(jpy).toBeVisible();
      const value = (name: string) => within(jpy).getByText(name, { selector: 'dt' }).nextElementSibling;
      expect(value(available)).toHaveTextContent('500,000.00 JPY');
      expect(value(frozen)).toHaveTextContent('120,000.00 JPY');
      expect(value(debt)).toHaveTextContent('150,000.00 JPY');
      expect(within(card).getByRole('heading', { level: 3, name: /USD/ }).closest('section')).toHaveTextContent(
        '200.00 USD',
      );
    },
  );

  it('starts in JPY, switches the display currency and remembers it for the side panel too', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/home/index', { adapter: fake, session: { ...session, market: 'usd' } });
    const card = await screen.findByRole('region', { name: 'Total assets' });
    // JPY first, whatever market the quotes tab showed last.
    await waitFor(() => expect(within(card).getByTestId('home-total')).toHaveTextContent('650,060.00 JPY'), SLOW);
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Show total in' }), 'USD');
    await waitFor(() => expect(fake.calls.at(-1)?.form).toEqual({ display: 'USD' }));
    expect(localStorage.getItem('assets_display')).toBe('USD');
  });
});
