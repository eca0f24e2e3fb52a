import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';
import { writeTheme } from 'shared/ui';
import { renderRemote } from '#testing';
import { history, holdings, order, product } from '../testing/fixtures';

// Highcharts is ESM in node_modules: the kit's loader (shared/remote-kit highcharts.ts) hands the screen a fake core.
const charts: { container: HTMLElement; options: { series: { data: unknown[]; color?: string }[] } }[] = [];
jest.mock('highcharts/esm/highcharts.js', () => ({
  __esModule: true,
  default: {
    chart: (container: HTMLElement, options: { series: { data: unknown[] }[] }) => {
      charts.push({ container, options });
      return { destroy: () => undefined };
    },
  },
}));

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const info = (overrides: Record<string, unknown> = {}) =>
  ok({ product: product(), holdings, history, orders: [], ...overrides });
const valueOf = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

async function fillAndFollow(amount = '150000') {
  const form = await screen.findByRole('form', { name: 'Follow this product' });
  await userEvent.type(within(form).getByLabelText('Buy amount (JPY)'), amount);
  await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
  await userEvent.click(within(form).getByRole('button', { name: 'Follow' }));
  return form;
}

describe('copy-trading product detail', () => {
  beforeEach(() => {
    charts.length = 0;
  });

  it('shows every fact, the unit-value chart from the history and the holdings with their weights', async () => {
    const api = fakeApi({ '/copy/info': info() });
    await renderRemote('/home/follow?id=3', { adapter: api, session });

    const card = (await screen.findByRole('heading', { name: 'Japan Momentum 5', level: 2 })).closest('section')!;
    expect(valueOf(card, 'Issuer')).toHaveTextContent('Sakura Quant Lab');
    expect(valueOf(card, 'Strategy')).toHaveTextContent('Five large Japanese names, fixed weights.');
    expect(valueOf(card, 'Market')).toHaveTextContent('Japan');
    expect(valueOf(card, 'Unit value')).toHaveTextContent('1.0832 (2026-11-20)');
    expect(valueOf(card, 'Past return (90 days)')).toHaveTextContent(
      '+4.12% 2026-08-22 to 2026-11-20; past, not a promise',
    );
    expect(valueOf(card, 'Minimum investment')).toHaveTextContent('100,000.00 JPY');
    expect(valueOf(card, 'Lock-up')).toHaveTextContent('30 days');
    expect(valueOf(card, 'Follow deadline')).toHaveTextContent(/JST/);
    expect(valueOf(card, 'Capacity')).toHaveTextContent('50,000,000.00 JPY');
    expect(valueOf(card, 'Capacity left')).toHaveTextContent('12,500,000.00 JPY');
    expect(valueOf(card, 'Base date (value 1)')).toHaveTextContent('2026-05-01');

    const chart = screen.getByTestId('ct-nav-chart');
    expect(chart).toHaveAccessibleName('Unit value chart: 1.071000 on 2026-11-18, 1.083215 on 2026-11-20');
    await waitFor(() => expect(chart).toHaveAttribute('data-ready', 'true'));
    expect(charts[0]!.container).toBe(chart);
    expect(charts[0]!.options.series[0]!.data).toHaveLength(3);

    const table = screen.getByRole('table');
    const toyota = within(table).getByRole('row', { name: /Toyota Motor/ });
    expect(toyota).toHaveTextContent('7203');
    expect(toyota).toHaveTextContent('40.00%');
    expect(toyota).toHaveTextContent('2,960.00');
    expect(within(table).getByRole('row', { name: /Sony Group/ })).toHaveTextContent('35.00%');
    expect(api.calls[0]).toMatchObject({ url: '/copy/info', form: { id: '3', lang: 'us' } });
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('draws the unit-value chart again in the dark colours when Dark is chosen', async () => {
    localStorage.removeItem('theme');
    const root = document.documentElement;
    root.style.setProperty('--color-brand', '#1a3fb8');
    try {
      await renderRemote('/home/follow?id=3', { adapter: fakeApi({ '/copy/info': info() }), session });
      await waitFor(() => expect(charts).toHaveLength(1));
      expect(charts[0]!.options.series[0]!.color).toBe('#1a3fb8');

      // tokens.css gives the root its dark values under data-theme="dark"; jsdom has no such cascade: set the one read
      root.style.setProperty('--color-brand', '#8aa4ff');
      writeTheme('dark');

      await waitFor(() => expect(charts).toHaveLength(2));
      expect(charts[1]!.options.series[0]!.color).toBe('#8aa4ff');
    } finally {
      writeTheme('system');
      root.style.removeProperty('--color-brand');
    }
  });

  it('refuses an amount below the minimum before sending', async () => {
    const api = fakeApi({ '/copy/info': info() });
    await renderRemote('/home/follow?id=3', { adapter: api, session });
    const form = await fillAndFollow('99999');
    expect(await within(form).findByText('Below the minimum buy amount of 100,000.00 JPY.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/copy/follow')).toBe(false);
  });

  it('follows with an Idempotency-Key, toasts the success and shows the new follow', async () => {
    const api = fakeApi({
      '/copy/info': info(),
      '/copy/follow': () => {
        const made = order({ state: 'following', units: null, buy_nav: null, amount: '150000', total_profit: '0' });
        api.set('/copy/info', info({ orders: [made] }));
        return ok(made);
      },
    });
    const view = await renderRemote('/home/follow?id=3', { adapter: api, session });
    await fillAndFollow();

    await waitFor(() => expect(api.calls.some((c) => c.url === '/copy/follow')).toBe(true));
    const call = api.calls.find((c) => c.url === '/copy/follow')!;
    expect(call.form).toEqual({ id: '3', amount: '150000', fund_password: '246810' });
    expect(call.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(view.host.toasts).toContain('Copy order placed.'));
    const mine = await screen.findByRole('list', { name: 'My follows of this product' });
    expect(mine).toHaveTextContent('150,000.00 JPY');
    expect(mine).toHaveTextContent('Following');
  });

  it.each([
    ['follow_time_exceeded', {}, 'The follow deadline has passed.', 'See products', '/home/qcList'],
    ['product_unavailable', {}, 'The product does not exist or is off the shelf.', 'See products', '/home/qcList'],
    ['insufficient_balance', {}, 'Insufficient balance', 'Deposit', '/mine/stored'],
  ])('shows %s inline with its way out', async (key, values, message, action, to) => {
    const api = fakeApi({ '/copy/info': info(), '/copy/follow': { status: 0, msg: key, values } });
    await renderRemote('/home/follow?id=3', { adapter: api, session });
    const form = await fillAndFollow();
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: action })).toHaveAttribute('href', to);
  });

  it('keeps a refusal on screen when the product closed meanwhile (a refused follow re-reads nothing)', async () => {
    const api = fakeApi({ '/copy/info': info(), '/copy/follow': { status: 0, msg: 'follow_time_exceeded' } });
    await renderRemote('/home/follow?id=3', { adapter: api, session });
    await screen.findByRole('form', { name: 'Follow this product' });
    // The deadline passes while the form is open: a re-read would now answer the product closed.
    api.set('/copy/info', info({ product: product({ state: 'closed' }) }));
    const form = await fillAndFollow();
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The follow deadline has passed.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((c) => c.url === '/copy/info')).toHaveLength(1);
    expect(within(screen.getByRole('form', { name: 'Follow this product' })).getByRole('alert')).toHaveTextContent(
      'The follow deadline has passed.',
    );
    expect(screen.getByRole('link', { name: 'See products' })).toHaveAttribute('href', '/home/qcList');
  });

  it('shows the server’s trading bar with the operator’s reason and the way to customer service', async () => {
    const api = fakeApi({
      '/copy/info': info(),
      '/copy/follow': { status: 0, msg: 'trading_disabled', values: { reason: 'Suspected market abuse' } },
    });
    await renderRemote('/home/follow?id=3', { adapter: api, session });
    const form = await fillAndFollow();
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Trading is disabled for this account (reason: Suspected market abuse). Contact customer service',
    );
    expect(within(alert).getByRole('button', { name: 'Contact customer service' })).toBeInTheDocument();
  });

  it('shows the capacity left when the product has too little room, a server minimum under the amount', async () => {
    const api = fakeApi({
      '/copy/info': info(),
      '/copy/follow': { status: 0, msg: 'insufficient_fundraising', field: 'amount', values: { left: '50,000 JPY' } },
    });
    await renderRemote('/home/follow?id=3', { adapter: api, session });
    const form = await fillAndFollow();
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient fundraising amount remaining.');
    expect(alert).toHaveTextContent('50,000 JPY is left in this product: follow with that amount or less.');

    api.set('/copy/follow', { status: 0, msg: 'min_buy_amount', field: 'amount', values: { min: '100000' } });
    await userEvent.type(within(form).getByLabelText('Buy amount (JPY)'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Follow' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Buy amount (JPY)')).toHaveAccessibleDescription(
        'Below the minimum buy amount of 100000.',
      ),
    );
  });

  it('asks for the risk disclosure when the server needs it, then sends the same follow again', async () => {
    let acknowledged = false;
    const api = fakeApi({
      '/copy/info': info(),
      '/copy/follow': () => (acknowledged ? ok(order()) : refused('risk_disclosure_required')),
      '/trade/riskDisclosure': ok({
        version: 1,
        title: 'Copy trading: risks',
        text: 'The value can fall below what you put in.\n\nPast returns are no promise.',
        acknowledged: false,
        acknowledged_at: null,
      }),
      '/trade/riskAck': () => {
        acknowledged = true;
        return ok({ version: 1, acknowledged_at: '2026-11-24T01:00:00.000Z' });
      },
    });
    const view = await renderRemote('/home/follow?id=3', { adapter: api, session });
    const form = await fillAndFollow();

    const dialog = await screen.findByRole('alertdialog', { name: 'Copy trading: risks' });
    expect(dialog).toHaveTextContent('The value can fall below what you put in.');
    // the refusal the dialog answers is not shown on the form while the dialog is open
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));
    await waitFor(() => expect(view.host.toasts).toContain('Copy order placed.'));
    // sent again once: the refused follow and the accepted one
    expect(api.calls.filter((c) => c.url === '/copy/follow')).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/riskDisclosure')?.form).toMatchObject({ kind: 'copy_trade' });
    expect(api.calls.find((c) => c.url === '/trade/riskAck')?.form).toEqual({ kind: 'copy_trade', version: '1' });
    const [first, second] = api.calls.filter((c) => c.url === '/copy/follow');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('offers no form on a closed product and says why; an unknown product reads as missing', async () => {
    const api = fakeApi({ '/copy/info': info({ product: product({ state: 'closed' }) }) });
    const view = await renderRemote('/home/follow?id=3', { adapter: api, session });
    expect(await screen.findByText(/past its follow deadline and takes no new follows/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Follow this product' })).not.toBeInTheDocument();
    view.unmount();

    api.set('/copy/info', refused('product_unavailable'));
    await renderRemote('/home/follow?id=9', { adapter: api, session });
    expect(await screen.findByText('No product selected')).toBeInTheDocument();
  });
});
