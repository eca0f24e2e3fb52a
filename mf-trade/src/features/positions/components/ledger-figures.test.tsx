import { renderRemote, tradePosition } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

// Typing and polls take real time on a loaded machine.
jest.setTimeout(20_000);

/**
 * Issue 35 on the positions screens: a 1× long is cash, a day-trade position is tagged, realised P&L is after fees,
 * add margin confirms its figures and reports the server's answer, and a close shows the server's message.
 */
const geared = tradePosition({
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
  fully_paid: false,
});
/** A 1× long (or an allotted new share): fully paid, so the server sends no ratio and no liquidation price. */
const cash = tradePosition({
  id: 42,
  order_no: 'T20261124000042',
  leverage: 1,
  closable: true,
  maintenance_ratio: null,
  liquidation_price: null,
  margin_call_ratio: null,
  fully_paid: true,
});
/** A closed position: +450 before fees, 256 of fees, +194 after them (the walk's figures). */
const ended = {
  ...geared,
  id: 43,
  status: 2,
  state: 'closed',
  yingkui: '450',
  fee: '128',
  close_fee: '128',
  net_pnl: '194',
  sell_price: '2804.5',
  maintenance_ratio: null,
  liquidation_price: null,
};
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
const session = (language: 'us' | 'cn' | 'jp' = 'us') => ({ language, market: 'jpy', token: 't' }) as const;
const lists = (open: Record<string, unknown>, closed: Record<string, unknown>[] = []) => ({
  '/trade/userstocklist': ok({ list: open, ccsz: '590100', fdyk: '15050' }),
  '/trade/userstocklists': ok({ list: closed, lsyk: '450', lsyk_net: '194' }),
});

describe('1× is cash', () => {
  it('labels a fully paid holding as cash, without liquidation; a leveraged one keeps it', async () => {
    const api = fakeApi(lists({ '41': geared, '42': { ...cash, day_trade: false } }));
    await renderRemote('/position/index', { adapter: api, session: session() });
    const items = within(await screen.findByRole('list', { name: 'Holdings' })).getAllByRole('listitem');
    const [leveraged, paid] = items as [HTMLElement, HTMLElement];
    expect(within(paid).getByText('Long · Cash · fully paid · 100 shares')).toBeInTheDocument();
    expect(paid).not.toHaveTextContent(/liquidation|Maintenance/);
    expect(within(leveraged).getByText('Long · 2× · 100 shares')).toBeInTheDocument();
    expect(leveraged).toHaveTextContent('Maintenance 110.75% · liquidation at 2,100.00 JPY');
  });

  it('offers no Add margin on the detail of a fully paid holding and says why, in three languages', async () => {
    for (const [language, note, cashLabel] of [
      ['us', 'Fully paid (1×): a cash holding. No margin call can close it', 'Cash · fully paid'],
      ['cn', '1倍全额买入：现金持仓。不会被强制平仓', '现金持仓 · 全额'],
      ['jp', '全額支払い済み（1倍）：現物の保有です。強制決済されないため', '現物 · 全額支払い済み'],
    ] as const) {
      const api = fakeApi({ '/trade/position': ok(cash) });
      const { unmount } = await renderRemote('/position/info?id=42', { adapter: api, session: session(language) });
      const card = (await screen.findByRole('heading', { name: 'Toyota Motor (7203)' })).closest('section')!;
      expect(card).toHaveTextContent(note);
      expect(card).toHaveTextContent(cashLabel);
      expect(within(card).queryByText(/Liquidation price|强平价|ロスカット価格/, { selector: 'dt' })).toBeNull();
      expect(within(card).queryByText(/^(Initial margin|初始保证金|当初証拠金)$/, { selector: 'dt' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Add margin|追加保证金|証拠金を追加/ })).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('day trades in the positions list', () => {
  it('tags a day-trade position, and only that one', async () => {
    const api = fakeApi(lists({ '41': { ...geared, day_trade: true }, '42': { ...cash, day_trade: false } }));
    await renderRemote('/position/index', { adapter: api, session: session() });
    const [day, other] = within(await screen.findByRole('list', { name: 'Holdings' })).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(day).getByText('Day trade')).toBeInTheDocument();
    expect(within(other).queryByText('Day trade')).not.toBeInTheDocument();
  });
});

describe('realised P&L after fees', () => {
  it('shows the summary and each ended position after fees, with the gross figure and the fees beside it', async () => {
    const api = fakeApi(lists({}, [ended]));
    await renderRemote('/position/index', { adapter: api, session: session() });
    const summary = (await screen.findByText('Realised P&L, after fees', { selector: 'dt' }))
      .nextElementSibling as HTMLElement;
    await waitFor(() => expect(summary).toHaveTextContent('+194.00 JPY'));
    await userEvent.click(screen.getByRole('radio', { name: 'Ended' }));
    const item = within(await screen.findByRole('list', { name: 'Holdings' })).getByRole('listitem');
    expect(within(item).getByText('+194.00')).toBeInTheDocument();
    expect(within(item).getByText('after fees')).toBeInTheDocument();
    expect(within(item).getByText('+450.00 before fees · fees 256.00')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('+450.00+');
  });

  it('shows the P&L after fees on a closed position’s detail', async () => {
    const api = fakeApi({ '/trade/position': ok(ended) });
    await renderRemote('/position/info?id=43', { adapter: api, session: session() });
    const card = (await screen.findByRole('heading', { name: 'Toyota Motor (7203)' })).closest('section')!;
    const value = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value('P&L after fees')).toHaveTextContent('+194.00 JPY');
    expect(value('Profit and loss')).toHaveTextContent('+450.00 JPY');
  });
});

describe('add margin confirms and reports', () => {
  it('sends nothing before the confirmation with the figures, then shows what the server answered', async () => {
    const raised = { ...geared, margin: '150000', cost: '150000', liquidation_price: '2050' };
    const api = fakeApi({
      '/trade/position': ok(geared),
      '/trade/config': ok(config),
      '/trade/addMargin': () => {
        api.set('/trade/position', ok(raised));
        return { status: 1, msg: 'margin_added', data: raised };
      },
    });
    const { host } = await renderRemote('/position/info?id=41', { adapter: api, session: session() });
    await userEvent.click(await screen.findByRole('button', { name: 'Add margin' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add margin' });
    await userEvent.type(within(sheet).getByLabelText('Amount (JPY, whole number)'), '10000');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Add margin to this position?' });
    const row = (label: string) => within(confirm).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Amount')).toHaveTextContent('10,000.00 JPY');
    expect(row('Margin after')).toHaveTextContent('150,000.00 JPY');
    expect(row('Liquidation price now')).toHaveTextContent('2,100.00 JPY');
    expect(row('New liquidation price')).toHaveTextContent('2,050.00 JPY');
    expect(api.calls.some((c) => c.url === '/trade/addMargin')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Add 10,000.00 JPY' }));

    const result = await screen.findByRole('dialog', { name: 'Margin added.' });
    expect(api.calls.filter((c) => c.url === '/trade/addMargin')).toHaveLength(1);
    const shown = (label: string) => within(result).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(shown('Margin now')).toHaveTextContent('150,000.00 JPY');
    expect(shown('Liquidation price now')).toHaveTextContent('2,050.00 JPY');
    expect(shown('Order number')).toHaveTextContent('T20261124000041');
    expect(host.toasts).toEqual([]);
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = fakeApi({ '/trade/position': ok(geared), '/trade/config': ok(config) });
    await renderRemote('/position/info?id=41', { adapter: api, session: session() });
    await userEvent.click(await screen.findByRole('button', { name: 'Add margin' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add margin' });
    await userEvent.type(within(sheet).getByLabelText('Amount (JPY, whole number)'), '100');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Add margin to this position?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/trade/addMargin')).toBe(false);
  });
});

describe('a close shows the server’s message', () => {
  it('in the list: the result sheet titled by sell_success, no toast of the screen’s own', async () => {
    const closing = { ...geared, status: 1, state: 'closing' };
    const api = fakeApi({
      ...lists({ '41': geared }),
      // The server names the stock in its default language: the sheet keeps the reader's.
      '/trade/close': { status: 1, msg: 'sell_success', data: { ...closing, name: '丰田汽车' } },
    });
    const { host } = await renderRemote('/position/index', { adapter: api, session: session() });
    await userEvent.click(await screen.findByRole('button', { name: 'Close the position in Toyota Motor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this position?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    const result = await screen.findByRole('dialog', { name: 'Sell application submitted.' });
    expect(result).toHaveTextContent('Preparing to close');
    expect(result).toHaveTextContent('T20261124000041');
    expect(result).toHaveTextContent('Toyota Motor (7203)');
    expect(result).not.toHaveTextContent('丰田汽车');
    expect(host.toasts).not.toContain('Close requested: filling at the market price');
    expect(host.toasts).toEqual([]);
  });

  it('on the detail, in Chinese and Japanese too', async () => {
    for (const [language, title, confirmName] of [
      ['cn', '卖出申请已提交', /平仓/],
      ['jp', '売却注文を受け付けました。', /決済/],
    ] as const) {
      const api = fakeApi({
        '/trade/position': ok(geared),
        '/trade/close': { status: 1, msg: 'sell_success', data: { ...geared, status: 1, state: 'closing' } },
      });
      const { unmount } = await renderRemote('/position/info?id=41', { adapter: api, session: session(language) });
      const buttons = await screen.findAllByRole('button', { name: confirmName });
      await userEvent.click(buttons.at(-1)!);
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getAllByRole('button').at(-1)!);
      expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
      unmount();
    }
  });
});
