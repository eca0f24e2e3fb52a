import { renderRemote, tradePosition } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import type { TradePosition } from 'shared/contract';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const empty = { list: {}, ccsz: '0', fdyk: '0' };
const history = { list: [], lsyk: '0' };

/** A waiting stop order placed while the market was closed, with its exits. */
const stop = tradePosition({
  id: 52,
  order_no: 'T52',
  status: 3,
  state: 'pending',
  price_type: 'market',
  order_type: 'stop',
  trigger_price: '3000',
  valid_until: '2026-12-01',
  take_profit: '3300',
  stop_loss: '2800',
  waiting_for_open: true,
  buy_price: '3000',
  margin: '300000',
  fee: '150',
  yingkui: '0',
  buy_time: null,
});

const ended = (overrides: Partial<TradePosition>) => tradePosition({ buy_time: null, ...overrides });

function lending(positionIds: number[]) {
  return {
    lendable: [],
    lendings: positionIds.map((id) => ({
      id,
      order_no: `L${id}`,
      position_id: id,
      market: 'jpy',
      code: '7203',
      name: 'Toyota Motor',
      currency: 'JPY',
      quantity: '100',
      price: '2950',
      value: '295000',
      annual_rate_pct: '0.1',
      status: 'lent',
      lent_at: '2026-11-20T01:00:00.000Z',
      recalled_at: null,
      returns_on: null,
      returned_at: null,
      accrued_days: 4,
      fee_paid: '3',
    })),
    day_count: 'actual/365',
  };
}

describe('orders and positions (issue 13)', () => {
  it('shows a waiting stop order’s type, trigger, validity and exits, and changes it via /trade/modify', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/orders': ok({ list: [stop], total: 1 }),
      '/lending/overview': ok(lending([])),
      '/trade/modify': ok({ ...stop, trigger_price: '3100', stock_num: '20' }),
    });
    const { host } = await renderRemote('/position/index?tab=orders', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Pending orders' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Waiting for the open')).toBeInTheDocument();
    expect(within(item).getByText('Stop entry · Market')).toBeInTheDocument();
    expect(within(item).getByText('Trigger price').nextElementSibling).toHaveTextContent(
      '3,000.00 JPY · not triggered yet',
    );
    expect(within(item).getByText('Until 2026-12-01')).toBeInTheDocument();
    expect(within(item).getByText('Take-profit price').nextElementSibling).toHaveTextContent('3,300.00 JPY');
    expect(within(item).getByText('Stop-loss price').nextElementSibling).toHaveTextContent('2,800.00 JPY');
    expect(item.textContent).not.toMatch(/[\u4e00-\u9fff]/);

    await userEvent.click(within(item).getByRole('button', { name: 'Change the order for Toyota Motor' }));
    const sheet = await screen.findByRole('dialog', { name: 'Change order: Toyota Motor' });
    // A stop market order: no limit to change, the trigger and the quantity.
    expect(within(sheet).queryByLabelText('Limit price')).not.toBeInTheDocument();
    const trigger = within(sheet).getByLabelText('Trigger price');
    expect(trigger).toHaveValue('3000');
    await userEvent.clear(trigger);
    await userEvent.type(trigger, '3100');
    const quantity = within(sheet).getByLabelText('Quantity (shares)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = api.calls.find((c) => c.url === '/trade/modify')!;
    expect(call.form).toEqual({ id: '52', trigger_price: '3100', quantity: '20', lang: 'us' });
    expect(host.toasts).toContain('Order changed.');
  });

  it('checks an OCO’s order in the change sheet and shows the server’s refusal under its field', async () => {
    const oco = { ...stop, price_type: 'limit' as const, order_type: 'oco' as const, limit_price: '2900' };
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/orders': ok({ list: [oco], total: 1 }),
      '/trade/modify': { status: 0, msg: 'order_not_pending' },
    });
    await renderRemote('/position/index?tab=orders', { adapter: api, session });
    const item = within(await screen.findByRole('list', { name: 'Pending orders' })).getByRole('listitem');
    await userEvent.click(within(item).getByRole('button', { name: 'Change the order for Toyota Motor' }));
    const sheet = await screen.findByRole('dialog');
    const price = within(sheet).getByLabelText('Limit price');
    await userEvent.clear(price);
    await userEvent.type(price, '3200');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(sheet).findByText('OCO: a buy’s limit must be below its trigger, a short’s limit above it.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/trade/modify')).toBe(false);
    await userEvent.clear(price);
    await userEvent.type(price, '2800');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(sheet).findByText('This order is no longer waiting, so it cannot be changed.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/modify')!.form).toEqual({ id: '52', price: '2800', lang: 'us' });
  });

  it('says why each order ended: cancel reason, closed by, and which OCO leg filled', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/orders': ok({
        list: [
          ended({ id: 1, name: 'A', status: 4, state: 'cancelled', cancel_reason: 'user' }),
          ended({ id: 2, name: 'B', status: 4, state: 'cancelled', cancel_reason: 'expired' }),
          ended({ id: 3, name: 'C', status: 4, state: 'cancelled', cancel_reason: 'unfunded' }),
          ended({ id: 4, name: 'D', status: 2, state: 'closed', closed_by: 'take_profit' }),
          ended({ id: 5, name: 'E', status: 2, state: 'closed', closed_by: 'stop_loss' }),
          ended({ id: 6, name: 'F', status: 2, state: 'closed', closed_by: 'margin_call' }),
          ended({ id: 7, name: 'G', status: 2, state: 'closed', closed_by: 'user' }),
          ended({
            id: 8,
            name: 'H',
            order_type: 'oco',
            price_type: 'limit',
            filled_leg: 'stop',
            trigger_price: '3000',
            triggered_at: '2026-11-24T04:01:00.000Z',
          }),
          ended({
            id: 9,
            name: 'I',
            order_type: 'oco',
            price_type: 'limit',
            filled_leg: 'limit',
            trigger_price: '3100',
          }),
          ended({ id: 10, name: 'J', status: 4, state: 'cancelled', order_type: 'stop', trigger_price: '3200' }),
        ],
        total: 10,
      }),
    });
    await renderRemote('/position/index?tab=orders', { adapter: api, session });
    await userEvent.click(await screen.findByRole('radio', { name: 'Order history' }));
    const list = await screen.findByRole('list', { name: 'Order history' });
    const items = within(list).getAllByRole('listitem');
    const texts = [
      'Cancelled by you',
      'Expired',
      'Cancelled: insufficient funds at fill',
      'Closed by take-profit',
      'Closed by stop-loss',
      'Closed by margin call',
      'Closed by you',
    ];
    texts.forEach((text, i) => expect(within(items[i]!).getByText(text)).toBeInTheDocument());
    expect(within(items[7]!).getByText('The stop filled; the limit was cancelled')).toBeInTheDocument();
    expect(within(items[7]!).getByText('OCO · Limit')).toBeInTheDocument();
    expect(within(items[7]!).getByText('Trigger price').nextElementSibling).toHaveTextContent(
      '3,000.00 JPY · triggered',
    );
    // A stop that never triggered and never will (the OCO's limit filled, the order was cancelled): no "yet".
    expect(within(items[8]!).getByText('The limit filled; the stop was cancelled')).toBeInTheDocument();
    expect(within(items[8]!).getByText('Trigger price').nextElementSibling).toHaveTextContent(/^3,100.00 JPY$/);
    expect(within(items[9]!).getByText('Trigger price').nextElementSibling).toHaveTextContent(/^3,200.00 JPY$/);
  });

  it('marks a holding lent to the house with “Lent” and offers no Close, in the list and the detail', async () => {
    const held = tradePosition({ id: 41 });
    const other = tradePosition({ id: 42, name: 'Sony Group', code: '6758' });
    const api = fakeApi({
      '/trade/userstocklist': ok({ list: { '41': held, '42': other }, ccsz: '590100', fdyk: '0' }),
      '/trade/userstocklists': ok(history),
      '/lending/overview': ok(lending([41])),
      '/trade/position': ok(held),
    });
    const view = await renderRemote('/position/index', { adapter: api, session });
    expect(await screen.findByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/position/portfolio');
    const list = await screen.findByRole('list', { name: 'Holdings' });
    const [lent, free] = within(list).getAllByRole('listitem');
    expect(await within(lent!).findByText('Lent')).toBeInTheDocument();
    expect(within(lent!).queryByRole('button', { name: /Close/ })).not.toBeInTheDocument();
    expect(within(free!).queryByText('Lent')).not.toBeInTheDocument();
    expect(within(free!).getByRole('button', { name: /Close/ })).toBeInTheDocument();

    view.unmount();
    await renderRemote('/position/info?id=41', { adapter: api, session });
    expect(await screen.findByText('Lent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close position' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add margin' })).toBeInTheDocument();
  });

  it('sets and clears a holding’s take-profit / stop-loss from the detail via /trade/exits', async () => {
    const held = tradePosition({ id: 41, stop_loss: '2700' });
    const api = fakeApi({
      '/trade/position': ok(held),
      '/lending/overview': ok(lending([])),
      '/trade/exits': ok({ ...held, take_profit: '3300', stop_loss: null }),
    });
    const { host } = await renderRemote('/position/info?id=41', { adapter: api, session });
    expect(await screen.findByText('Stop-loss price')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Set take profit / stop loss' }));
    const sheet = await screen.findByRole('dialog', { name: 'Take profit / Stop loss' });
    const stopLoss = within(sheet).getByLabelText('Stop-loss price');
    expect(stopLoss).toHaveValue('2700');
    await userEvent.type(within(sheet).getByLabelText('Take-profit price'), '3300');
    await userEvent.clear(stopLoss);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.url === '/trade/exits')!.form).toEqual({
      id: '41',
      take_profit: '3300',
      stop_loss: '',
      lang: 'us',
    });
    expect(host.toasts).toContain('Take-profit and stop-loss saved.');
  });

  it('offers no take-profit / stop-loss on a day-trade position', async () => {
    const api = fakeApi({
      '/trade/position': ok(tradePosition({ id: 41, day_trade: true })),
      '/lending/overview': ok(lending([])),
    });
    await renderRemote('/position/info?id=41', { adapter: api, session });
    await screen.findByRole('heading', { name: 'Toyota Motor (7203)' });
    expect(screen.queryByRole('button', { name: 'Set take profit / stop loss' })).not.toBeInTheDocument();
  });
});
