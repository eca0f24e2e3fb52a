import { renderRemote, tradePosition } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

// Typing and polls take real time on a loaded machine.
jest.setTimeout(20_000);

/** 2× long of 100 at 2,800 (margin 140,000), now 2,950.50; margin call below 50 %: liquidation at 2,100. */
const position = tradePosition({
  leverage: 2,
  buy_price: '2800',
  margin: '140000',
  cost: '140000',
  fee: '140',
  yingkui: '15050',
  pnl_rate: '10.75',
  closable: true,
  maintenance_ratio: '1.1075',
  liquidation_price: '2100',
  margin_call_ratio: '0.5',
});
const session = { language: 'us', market: 'jpy', token: 't' } as const;
const history = { list: [], lsyk: '0' };
const config = {
  market: 'jpy',
  currency: 'JPY',
  leverages: [1, 2, 5, 10],
  fee_rate: '0.0005',
  maintenance_ratio: '0.5',
  lot: 1,
  t_plus_one: false,
  available: '50000',
  market_status: 'open',
  next_open: null,
  order_session_date: '2026-11-24',
  valid_until_max: '2026-12-15',
  risk_disclosure_version: 1,
  risk_acknowledged: true,
  simulated: true,
};

describe('maintenance ratio and liquidation price', () => {
  it('shows both on a holding row of the list', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok({ list: { '41': position }, ccsz: '295050', fdyk: '15050' }),
      '/trade/userstocklists': ok(history),
    });
    await renderRemote('/position/index', { adapter: api, session });
    const item = within(await screen.findByRole('list', { name: 'Holdings' })).getByRole('listitem');
    expect(within(item).getByText('Maintenance 110.75% · liquidation at 2,100.00 JPY')).toBeInTheDocument();
  });

  it('shows both on the detail with what they mean', async () => {
    const api = fakeApi({ '/trade/position': ok(position) });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    const card = (await screen.findByRole('heading', { name: 'Toyota Motor (7203)' })).closest('section')!;
    const value = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value('Maintenance ratio')).toHaveTextContent('110.75%');
    expect(value('Liquidation price')).toHaveTextContent('2,100.00 JPY');
    expect(card).toHaveTextContent(
      'If it falls below 50.00%, the position is closed at market (margin call): ' +
        'for this long position, when the price falls below 2,100.00 JPY.',
    );
  });
});

describe('adding margin', () => {
  it('previews the new liquidation price, checks the amount, sends it once with a key', async () => {
    const raised = { ...position, margin: '150000', cost: '150000', liquidation_price: '2050' };
    const api = fakeApi({
      '/trade/position': ok(position),
      '/trade/config': ok(config),
      '/trade/addMargin': () => {
        api.set('/trade/position', ok(raised));
        return { status: 1, msg: 'margin_added', data: raised };
      },
    });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    await userEvent.click(await screen.findByRole('button', { name: 'Add margin' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add margin' });
    await waitFor(() => expect(sheet).toHaveTextContent('Available50,000.00'));
    expect(within(sheet).getByText('Enter a whole amount to see the new liquidation price.')).toBeInTheDocument();
    const amount = within(sheet).getByLabelText('Amount (JPY, whole number)');

    // Not a whole number: refused before sending.
    await userEvent.type(amount, '1.5');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }));
    expect(await within(sheet).findByText('Additional margin must be a positive whole number.')).toBeInTheDocument();
    // Beyond the available balance: refused before sending too.
    await userEvent.clear(amount);
    await userEvent.type(amount, '60000');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }));
    expect(await within(sheet).findByText('Insufficient balance.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/trade/addMargin')).toBe(false);

    // 2,800 − 0.5 × 150,000 ÷ 100 = 2,050.
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000');
    expect(within(sheet).getByText('New liquidation price: 2,050.00 JPY')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Add margin to this position?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Add 10,000.00 JPY' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add margin' })).not.toBeInTheDocument());
    const call = api.calls.find((c) => c.url === '/trade/addMargin')!;
    expect(call.form).toEqual({ id: '41', amount: '10000', lang: 'us' });
    expect(call.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(api.calls.filter((c) => c.url === '/trade/addMargin')).toHaveLength(1);
    const card = screen.getByRole('heading', { name: 'Toyota Motor (7203)' }).closest('section')!;
    await waitFor(() => expect(card).toHaveTextContent('2,050.00 JPY'));
  });

  it('offers no Add margin on a day-trade position and says why', async () => {
    const api = fakeApi({ '/trade/position': ok({ ...position, day_trade: true }) });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    expect(
      await screen.findByText(
        'A day-trade position’s margin comes from the day’s participation; margin cannot be added to it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add margin' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close position' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a day-trade position in words', async () => {
    const api = fakeApi({
      '/trade/position': ok(position),
      '/trade/config': ok(config),
      '/trade/addMargin': { status: 0, msg: 'margin_day_trade' },
    });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    await userEvent.click(await screen.findByRole('button', { name: 'Add margin' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add margin' });
    await userEvent.type(within(sheet).getByLabelText('Amount (JPY, whole number)'), '100');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Add margin to this position?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Add 100.00 JPY' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(
      'A day-trade position’s margin comes from the day’s participation; margin cannot be added to it.',
    );
  });
});

describe('positions change state live', () => {
  it('the detail offers no Close before T+1 allows it, and says from when', async () => {
    const today = { ...position, market: 'cny', currency: 'CNY', closable: false, closable_from: '2026-11-25' };
    const api = fakeApi({ '/trade/position': ok({ ...today, closable_reason: 't_plus_one' }) });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    expect(await screen.findByText('T+1: can be closed from 2026-11-25')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close position' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add margin' })).toBeInTheDocument();
  });

  it('a close the matcher settles leaves "preparing to close" within one poll, the ended list follows', async () => {
    const closing = { ...position, status: 1, state: 'closing' };
    const api = fakeApi({
      '/trade/userstocklist': ok({ list: { '41': closing }, ccsz: '295050', fdyk: '15050' }),
      '/trade/userstocklists': ok(history),
    });
    await renderRemote('/position/index', { adapter: api, session });
    expect(await screen.findByText('Preparing to close')).toBeInTheDocument();
    const historyCalls = api.calls.filter((c) => c.url === '/trade/userstocklists').length;

    // The matcher fills the close: the next poll (at the matcher's pace, well before the 3 s one) shows it gone.
    api.set('/trade/userstocklist', ok({ list: {}, ccsz: '0', fdyk: '0' }));
    api.set('/trade/userstocklists', ok({ list: [{ ...closing, status: 2, state: 'closed' }], lsyk: '16000' }));
    await waitFor(() => expect(screen.queryByText('Preparing to close')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/trade/userstocklists').length).toBeGreaterThan(historyCalls),
    );
    expect(await screen.findByText('+16,000.00')).toBeInTheDocument();
  });

  it('the detail of a position preparing to close shows it closed within one poll', async () => {
    const api = fakeApi({ '/trade/position': ok({ ...position, status: 1, state: 'closing' }) });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    expect(await screen.findByText('Preparing to close')).toBeInTheDocument();
    api.set('/trade/position', ok({ ...position, status: 2, state: 'closed', sell_price: '2960', close_fee: '148' }));
    expect(await screen.findByText('Closed', {}, { timeout: 2000 })).toBeInTheDocument();
  });
});
