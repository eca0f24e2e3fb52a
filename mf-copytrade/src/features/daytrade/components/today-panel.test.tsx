import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, reply } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { current, dayConfig, dayTrade, position, quote } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
// A whole screen through the real client on a shared, slow machine: more than jest's default 5 s per test.
jest.setTimeout(30_000);

const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const today = (positions = [position()]) => [
  current(dayTrade(), positions),
  current(dayTrade({ id: 8, order_no: 'D8', status: 'submitted', market: 'usd', currency: 'USD', used: '0' })),
  current(null),
];

describe('day trading: today', () => {
  it('shows each application with its status chip, figures, live positions and the close at market', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/current': ok(
        today([
          position(),
          position({ id: 42, order_no: 'T42', state: 'closed', yingkui: '-80.5', sell_price: '2949.7' }),
        ]),
      ),
      // The engine answers a close in Chinese: the sheet names the stock as the list does.
      '/daytrade/close': ok(position({ state: 'closing', name: '丰田汽车' })),
    });
    await renderRemote('/home/withinDays?tab=today', { adapter: api, session });

    const japan = await screen.findByRole('region', { name: 'Day trading in Japan' });
    expect(within(japan).getByRole('heading', { name: 'Japan · 2026-11-24' })).toBeInTheDocument();
    expect(japan).toHaveTextContent('Trading');
    expect(valueOf(japan, 'Participation')).toHaveTextContent('200,000.00 JPY');
    expect(valueOf(japan, 'Allowance (× 5)')).toHaveTextContent('1,000,000.00 JPY');
    expect(valueOf(japan, 'Used')).toHaveTextContent('295,050.00 JPY');
    expect(
      within(japan).getAllByText('Remaining allowance', { selector: 'dt' })[0]!.nextElementSibling,
    ).toHaveTextContent('704,950.00 JPY');
    expect(within(valueOf(japan, "Day's P&L (live)")).getByText('+1,200.00')).toHaveClass('ds-num--up');
    // The time in the market's clock, without the date: the clock (#testing) is on that day in Tokyo.
    expect(japan).toHaveTextContent(/closed at market at the session's close \(15:30.JST/);

    const list = within(japan).getByRole('list', { name: "Today's orders and positions" });
    const [open, closed] = within(list).getAllByRole('listitem');
    expect(open).toHaveTextContent('Toyota Motor (7203)');
    expect(open).toHaveTextContent('Holding');
    // The side in the user's up/down colours, as the trade ticket (red-up in Chinese): not success/danger.
    expect(within(open!).getByText('Buy long', { selector: '.ds-badge' })).toHaveClass('ds-badge--up');
    expect(within(valueOf(open!, 'P&L')).getByText('+1,200.00')).toHaveClass('ds-num--up');
    expect(within(valueOf(closed!, 'P&L')).getByText('-80.50')).toHaveClass('ds-num--down');
    expect(within(closed!).queryByRole('button')).toBeNull();

    await userEvent.click(within(open!).getByRole('button', { name: 'Close Toyota Motor (7203)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this position at market?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/daytrade/close')).toBe(true));
    expect(api.calls.find((c) => c.url === '/daytrade/close')!.form).toEqual({ id: '41', lang: 'us' });
    // The server's answer in a result sheet (issue 35): its message, the order, its state.
    const sold = await screen.findByRole('dialog', { name: 'Sell application submitted.' });
    expect(valueOf(sold, 'Order number')).toHaveTextContent('T41');
    expect(valueOf(sold, 'Stock')).toHaveTextContent('Toyota Motor (7203)');
    expect(valueOf(sold, 'State')).toHaveTextContent('Closing');
    expect(sold).toHaveTextContent('It closes at market at the next price');
    await userEvent.click(within(sold).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sell application submitted.' })).toBeNull());

    const us = screen.getByRole('region', { name: 'Day trading in US' });
    // Each state as it is (issue 35): waiting for review, not 'Submitted'.
    expect(us).toHaveTextContent('Under review');
    expect(us).toHaveTextContent('Pending review: orders can be placed once it is approved.');
    expect(within(us).queryByRole('form')).toBeNull();
    expect(screen.getByText(/Simulated market data/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('shows the notional against the remaining allowance, refuses an order beyond it naming what remains', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/current': ok(today([])),
      '/stock/detail': ok(quote),
      '/daytrade/order': { status: 0, msg: 'day_trade_allowance_exceeded', values: { remaining: '100,000 JPY' } },
    });
    await renderRemote('/home/withinDays?tab=today', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Day-trade order' });
    expect(screen.getByText('No orders yet today')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Stock code'), '7203');
    const line = await within(form).findByTestId('ct-day-quote');
    expect(line).toHaveTextContent('Toyota Motor (7203)');
    expect(line).toHaveTextContent('Last 3,000.00 JPY');
    expect(line).toHaveTextContent('Simulated');
    expect(form).toHaveTextContent("Today's price limits: 2,440.00 to 3,440.00");

    const quantity = within(form).getByLabelText('Quantity');
    await userEvent.type(quantity, '300');
    expect(valueOf(form, 'Notional at the last price')).toHaveTextContent('900,000.00 JPY');
    expect(valueOf(form, 'Remaining allowance')).toHaveTextContent('704,950.00 JPY');
    expect(form).toHaveTextContent('195,050.00 JPY more than the remaining allowance: lower the quantity.');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    await waitFor(() =>
      expect(quantity).toHaveAccessibleDescription(
        'This order exceeds your day-trading allowance: 704,950.00 JPY remains. Reduce the quantity.',
      ),
    );
    expect(api.calls.some((c) => c.url === '/daytrade/order')).toBe(false);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '200');
    await userEvent.click(within(form).getByRole('radio', { name: 'Sell short' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Sell short' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Place this day-trade order?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sell short' }));
    await waitFor(() =>
      expect(quantity).toHaveAccessibleDescription(
        'This order exceeds your day-trading allowance: 100,000 JPY remains. Reduce the quantity.',
      ),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const call = api.calls.find((c) => c.url === '/daytrade/order')!;
    expect(call.form).toEqual({
      id: '7',
      code: '7203',
      side: 'short',
      price_type: 'market',
      quantity: '200',
      lang: 'us',
    });
    expect(call.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
  });

  it('cancels a pending day-trade order after a confirmation; an open position offers Close, not Cancel', async () => {
    const pending = position({
      id: 43,
      order_no: 'T43',
      state: 'pending',
      status: 3,
      limit_price: '2900',
      yingkui: '0',
    });
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/current': ok(today([pending, position()])),
      '/daytrade/cancel': ok({ ...pending, state: 'cancelled', status: 4 }),
    });
    await renderRemote('/home/withinDays?tab=today', { adapter: api, session });
    const japan = await screen.findByRole('region', { name: 'Day trading in Japan' });
    const list = within(japan).getByRole('list', { name: "Today's orders and positions" });
    const [waiting, open] = within(list).getAllByRole('listitem');
    expect(waiting).toHaveTextContent('Pending');
    expect(within(waiting!).queryByRole('button', { name: /^Close/ })).toBeNull();
    expect(within(open!).queryByRole('button', { name: /^Cancel/ })).toBeNull();

    await userEvent.click(within(waiting!).getByRole('button', { name: 'Cancel the order for Toyota Motor (7203)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(valueOf(dialog, 'Limit price')).toHaveTextContent('2,900.00 JPY');
    expect(dialog).toHaveTextContent('Its held money goes back into your participation.');
    api.set('/daytrade/current', ok(today([{ ...pending, state: 'cancelled', status: 4 }, position()])));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/daytrade/cancel')).toBe(true));
    expect(api.calls.find((c) => c.url === '/daytrade/cancel')!.form).toEqual({ id: '43', lang: 'us' });
    const cancelled = await screen.findByRole('dialog', { name: 'Order cancelled.' });
    expect(valueOf(cancelled, 'Order number')).toHaveTextContent('T43');
    expect(valueOf(cancelled, 'State')).toHaveTextContent('Cancelled');
    await userEvent.click(within(cancelled).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Cancelled'));
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByRole('button')).toBeNull();
  });

  it('asks for the leverage risk disclosure when the server does, then sends the same order again', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/current': ok(today([])),
      '/stock/detail': ok(quote),
      '/daytrade/order': { status: 0, msg: 'risk_disclosure_required' },
      '/trade/riskDisclosure': ok({
        kind: 'leverage',
        version: 1,
        title: 'Leverage: risks',
        text: 'Losses can exceed the margin.',
        acknowledged: false,
        acknowledged_at: null,
      }),
      '/trade/riskAck': ok({ version: 1, acknowledged_at: '2026-11-24T01:00:00.000Z' }),
    });
    await renderRemote('/home/withinDays?tab=today', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Day-trade order' });
    await userEvent.type(within(form).getByLabelText('Stock code'), '7203');
    const line = await within(form).findByTestId('ct-day-quote');
    await waitFor(() => expect(line).toHaveTextContent('Last 3,000.00 JPY'));
    await userEvent.type(within(form).getByLabelText('Quantity'), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Place this day-trade order?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Buy long' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leverage: risks' });
    expect(api.calls.find((c) => c.url === '/trade/riskDisclosure')!.form).toMatchObject({ kind: 'leverage' });
    expect(within(form).queryByRole('alert')).toBeNull();
    api.set('/daytrade/order', ok(position()));
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));
    // Sent once more, and only once: the result sheet is up and no third order went out.
    await screen.findByRole('dialog', { name: 'Order placed.' });
    expect(api.calls.filter((c) => c.url === '/daytrade/order')).toHaveLength(2);
    const [first, second] = api.calls.filter((c) => c.url === '/daytrade/order');
    expect(second!.form).toEqual(first!.form);
    expect(api.calls.find((c) => c.url === '/trade/riskAck')!.form).toEqual({ kind: 'leverage', version: '1' });
  });

  it('confirms an order with its figures, sends it only then, and shows the answer in a result sheet', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/current': ok(today([])),
      '/stock/detail': ok(quote),
      '/daytrade/order': ok(position({ order_no: 'T77', stock_num: '200', buy_price: '3001.5', margin: '120060' })),
    });
    await renderRemote('/home/withinDays?tab=today', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Day-trade order' });
    await userEvent.type(within(form).getByLabelText('Stock code'), '7203');
    await waitFor(() => expect(within(form).getByTestId('ct-day-quote')).toHaveTextContent('Last 3,000.00 JPY'));
    await userEvent.type(within(form).getByLabelText('Quantity'), '200');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Place this day-trade order?' });
    expect(valueOf(confirm, 'Stock')).toHaveTextContent('Toyota Motor (7203)');
    expect(valueOf(confirm, 'Direction')).toHaveTextContent('Buy long');
    expect(valueOf(confirm, 'Order type')).toHaveTextContent('Market');
    expect(valueOf(confirm, 'Quantity')).toHaveTextContent('200 shares');
    expect(valueOf(confirm, 'Notional at the last price')).toHaveTextContent('600,000.00 JPY');
    expect(valueOf(confirm, 'Allowance left after it')).toHaveTextContent('104,950.00 JPY');
    expect(confirm).toHaveTextContent(/fills at once at the market price/);
    // Nothing is sent before the confirmation; cancelling sends nothing.
    expect(api.calls.some((c) => c.url === '/daytrade/order')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.url === '/daytrade/order')).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    const again = await screen.findByRole('alertdialog', { name: 'Place this day-trade order?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Buy long' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order placed.' });
    expect(api.calls.filter((c) => c.url === '/daytrade/order')).toHaveLength(1);
    expect(valueOf(sheet, 'Order number')).toHaveTextContent('T77');
    expect(valueOf(sheet, 'Filled at')).toHaveTextContent('3,001.50 JPY');
    expect(valueOf(sheet, 'Quantity')).toHaveTextContent('200 shares');
    expect(valueOf(sheet, 'Margin held')).toHaveTextContent('120,060.00 JPY');
    expect(valueOf(sheet, 'State')).toHaveTextContent('Holding');
    expect(sheet).toHaveTextContent("today's orders and positions");
    await userEvent.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order placed.' })).toBeNull());
    expect(within(form).getByLabelText('Quantity')).toHaveValue('');
  });

  it('says there is no day trading today and offers to apply; a failed load can be retried', async () => {
    const api = fakeApi({ '/daytrade/config': ok(dayConfig()), '/daytrade/current': reply(500, {}) });
    await renderRemote('/home/withinDays?tab=today', { adapter: api, session: { ...session, language: 'jp' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('一覧を読み込めませんでした。');
    api.set('/daytrade/current', ok([current(null)]));
    await userEvent.click(within(alert).getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('本日のデイトレードはありません')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '申し込む' })[0]).toHaveAttribute('href', '/home/withinDays?tab=apply');
  });
});
