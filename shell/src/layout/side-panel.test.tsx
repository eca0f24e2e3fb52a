import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, reply } from 'shared/test-utils';
import { panelToggled } from '../store/ui';
import { mountShell } from '../testing/harness';
import { EXIT_REDIRECT_MS } from '../app/host-context';

/** The panel and the card load lazily: on a busy machine their first answer takes longer than waitFor's 1 s. */
const SLOW = { timeout: 5000 };
const SESSION = { token: 'tk', account: '0901234567', market: 'jpy' as const };

const RATE_TIME = '2026-11-20T01:00:00.000Z';
const parts = (over: Record<string, string> = {}) => ({
  new_shares: '0',
  withdrawals: '0',
  copy_trades: '0',
  credit_orders: '0',
  holdings: '0',
  pending_orders: '0',
  ...over,
});
const JPY_ROW = {
  currency: 'JPY',
  available: '500000',
  frozen: '80000',
  frozen_parts: parts({ withdrawals: '30000', holdings: '50000' }),
  debt: '25000',
  holdings_value: '52000',
  unrealised: '2000',
  total: '580000',
};
const USD_ROW = {
  currency: 'USD',
  available: '1000.5',
  frozen: '0',
  frozen_parts: parts(),
  debt: '0',
  holdings_value: '0',
  unrealised: '0',
  total: '1000.5',
};
const CNY_ROW = { ...USD_ROW, currency: 'CNY', available: '0', total: '0' };

/** /user/assets as the server answers it: the three currencies, the total in `display` at the mid rates. */
function assetsAnswer(display: string) {
  return display === 'USD'
    ? {
        display: 'USD',
        total: '4864.42',
        rate_kind: 'mid',
        rates: [
          { from: 'JPY', to: 'USD', rate: '0.006661337', updated_at: RATE_TIME },
          { from: 'CNY', to: 'USD', rate: '0.138888888889', updated_at: RATE_TIME },
        ],
        rates_at: RATE_TIME,
        currencies: [JPY_ROW, USD_ROW, CNY_ROW],
      }
    : {
        display: 'JPY',
        total: '730195',
        rate_kind: 'mid',
        rates: [
          { from: 'USD', to: 'JPY', rate: '150.12', updated_at: RATE_TIME },
          { from: 'CNY', to: 'JPY', rate: '20.833333333333', updated_at: RATE_TIME },
        ],
        rates_at: RATE_TIME,
        currencies: [JPY_ROW, USD_ROW, CNY_ROW],
      };
}

function assetApi() {
  return fakeApi({
    '/user/assets': (form: Record<string, string>) => ok(assetsAnswer(form.display ?? 'JPY')),
    '/user/logout': ok(),
  });
}

const LANGUAGES = [
  {
    language: 'cn' as const,
    label: '总资产',
    rates: '按今日中间价折算：1 USD = 150.12 JPY · 1 CNY = 20.8333 JPY',
    breakdown: '各币种明细',
    jpy: 'JPY 账户',
    figures: { 可用: '500,000.00 JPY', 冻结: '80,000.00 JPY', 负债: '25,000.00 JPY' },
    part: ['审核中的提现', '30,000.00 JPY'],
  },
  {
    language: 'us' as const,
    label: 'Total assets',
    rates: "At today's mid rates: 1 USD = 150.12 JPY · 1 CNY = 20.8333 JPY",
    breakdown: 'By currency',
    jpy: 'JPY account',
    figures: { Available: '500,000.00 JPY', Frozen: '80,000.00 JPY', Debt: '25,000.00 JPY' },
    part: ['Withdrawals under review', '30,000.00 JPY'],
  },
  {
    language: 'jp' as const,
    label: '総資産',
    rates: '本日の仲値で換算：1 USD = 150.12 JPY · 1 CNY = 20.8333 JPY',
    breakdown: '通貨別の内訳',
    jpy: 'JPY口座',
    figures: { 買付余力: '500,000.00 JPY', 拘束金: '80,000.00 JPY', 借入残高: '25,000.00 JPY' },
    part: ['審査中の出金', '30,000.00 JPY'],
  },
];

async function openPanel(options: Parameters<typeof mountShell>[0]) {
  const view = mountShell(options);
  await screen.findByRole('heading', { name: 'mf_trade /home/index' });
  act(() => view.ctx.openPanel());
  const panel = await screen.findByRole('dialog');
  return { view, panel };
}

describe('side panel', () => {
  it.each(LANGUAGES)(
    'shows the whole account converted into JPY with the rates, and each currency one tap away ($language)',
    async ({ language, label, rates, breakdown, jpy, figures, part }) => {
      const api = assetApi();
      const { panel } = await openPanel({
        path: '/home/index',
        session: { ...SESSION, language },
        language,
        api,
      });
      await waitFor(() => expect(within(panel).getByTestId('panel-total')).toHaveTextContent('730,195.00 JPY'), SLOW);
      expect(within(panel).getByRole('region', { name: label })).toBeInTheDocument();
      expect(within(panel).getByTestId('panel-rates')).toHaveTextContent(rates);
      expect(within(panel).getByTestId('panel-rates')).toHaveTextContent('2026');
      expect(api.calls.filter((c) => c.url === '/user/assets').map((c) => c.form.display)).toEqual(['JPY']);
      // The breakdown is closed until tapped.
      const section = within(panel)
        .getByRole('heading', { name: new RegExp(jpy) })
        .closest('section')!;
      expect(section).not.toBeVisible();
      fireEvent.click(within(panel).getByText(breakdown));
      expect(section).toBeVisible();
      for (const [name, value] of Object.entries(figures))
        expect(within(section).getByText(name, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value);
      expect(within(section).getByText(part[0]!).closest('li')).toHaveTextContent(part[1]!);
      const usd = within(panel).getByRole('heading', { name: /USD/ }).closest('section')!;
      expect(usd).toHaveTextContent('1,000.50 USD');
    },
  );

  it('switches the display currency, converts again and remembers the choice', async () => {
    const api = assetApi();
    const { view, panel } = await openPanel({ path: '/home/index', session: SESSION, api });
    await waitFor(() => expect(within(panel).getByTestId('panel-total')).toHaveTextContent('730,195.00 JPY'), SLOW);
    fireEvent.change(within(panel).getByRole('combobox', { name: '总资产显示币种' }), { target: { value: 'USD' } });
    await waitFor(() => expect(within(panel).getByTestId('panel-total')).toHaveTextContent('4,864.42 USD'), SLOW);
    expect(within(panel).getByTestId('panel-rates')).toHaveTextContent('1 JPY = 0.00666134 USD');
    expect(localStorage.getItem('assets_display')).toBe('USD');
    act(() => view.store.dispatch(panelToggled(false)));
    act(() => view.ctx.openPanel());
    await waitFor(() => expect(api.calls.at(-1)?.form.display).toBe('USD'));
  });

  it("starts in JPY, the account's currency, even when the quotes tab last showed another market", async () => {
    const api = assetApi();
    const { panel } = await openPanel({ path: '/home/index', session: { ...SESSION, market: 'cny' }, api });
    await waitFor(() => expect(within(panel).getByTestId('panel-total')).toHaveTextContent('730,195.00 JPY'), SLOW);
    expect(api.calls.find((c) => c.url === '/user/assets')?.form.display).toBe('JPY');
  });

  it('says when the figures cannot be loaded and retries', async () => {
    let fail = true;
    const api = fakeApi({
      '/user/assets': () => (fail ? reply(500, {}) : ok(assetsAnswer('JPY'))),
    });
    const { panel } = await openPanel({ path: '/home/index', session: SESSION, api });
    const alert = await within(panel).findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() => expect(within(panel).getByTestId('panel-total')).toHaveTextContent('730,195.00 JPY'), SLOW);
  });

  it('has the entry links and navigates to them', async () => {
    const view = mountShell({ path: '/home/index', session: SESSION, api: assetApi() });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => view.store.dispatch(panelToggled(true)));
    const nav = await screen.findByRole('navigation', { name: '服务' });
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual([
      '我的',
      '两步验证与登录设备',
      '实名认证',
      '站内信',
      '充值',
      '提现',
      '借贷',
      '银行卡',
      '登录密码',
      '资金密码',
      '关于我们',
      '隐私政策',
      '资金记录',
    ]);
    fireEvent.click(within(nav).getByRole('link', { name: '充值' }));
    expect(await screen.findByRole('heading', { name: 'mf_funds /mine/deposit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '我的账户' })).not.toBeInTheDocument();
  });

  it('reaches the account page and the security screen (two-step, passkeys, devices)', async () => {
    const view = mountShell({ path: '/home/index', session: SESSION, api: assetApi() });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    for (const [name, path] of [
      ['两步验证与登录设备', '/mine/security'],
      ['我的', '/mine/index'],
    ] as const) {
      act(() => view.store.dispatch(panelToggled(true)));
      const nav = await screen.findByRole('navigation', { name: '服务' });
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', `#${path}`);
      fireEvent.click(within(nav).getByRole('link', { name }));
      expect(await screen.findByRole('heading', { name: `mf_account ${path}` })).toBeInTheDocument();
    }
  });

  it('closes when the reader leaves the screen some other way (Back, a remote’s own link)', async () => {
    const view = mountShell({ path: '/home/index', session: SESSION, api: assetApi() });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => view.store.dispatch(panelToggled(true)));
    await screen.findByRole('navigation', { name: '服务' });
    await act(() => view.router.navigate('/home/home'));
    expect(await screen.findByRole('heading', { name: 'mf_trade /home/home' })).toBeInTheDocument();
    await waitFor(() => expect(view.store.getState().ui.panelOpen).toBe(false));
    expect(screen.queryByRole('dialog', { name: '我的账户' })).not.toBeInTheDocument();
    // opening it again on the new screen keeps it open until the next navigation
    act(() => view.store.dispatch(panelToggled(true)));
    expect(await screen.findByRole('navigation', { name: '服务' })).toBeInTheDocument();
    expect(view.store.getState().ui.panelOpen).toBe(true);
  });

  it('badges the inbox entry with the unread count and follows the stream’s inbox frames', async () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket {
      sent: string[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      closed = false;
      constructor(readonly url: string) {
        sockets.push(this);
      }
      send(data: string) {
        this.sent.push(data);
      }
      close() {
        this.closed = true;
      }
    }
    const original = globalThis.WebSocket;
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
    try {
      const api = fakeApi({
        '/user/assets': (form: Record<string, string>) => ok(assetsAnswer(form.display ?? 'JPY')),
        '/user/messages': ok({ list: [], total: 3, unread: 3 }),
      });
      const view = mountShell({ path: '/home/index', session: SESSION, api });
      await screen.findByRole('heading', { name: 'mf_trade /home/index' });
      act(() => view.store.dispatch(panelToggled(true)));
      const nav = await screen.findByRole('navigation', { name: '服务' });
      expect(await within(nav).findByRole('link', { name: /站内信\s*3 条未读/ })).toBeInTheDocument();
      expect(within(nav).getByRole('status')).toHaveTextContent('3 条未读');

      expect(sockets).toHaveLength(1);
      expect(sockets[0]!.url).toMatch(/^ws:.*\/api\/vue\/stream$/);
      act(() => sockets[0]!.onopen?.());
      expect(JSON.parse(sockets[0]!.sent[0]!)).toMatchObject({ op: 'auth', token: SESSION.token });
      act(() => sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'inbox', unread: 4 }) }));
      expect(await within(nav).findByRole('link', { name: /站内信\s*4 条未读/ })).toBeInTheDocument();
      act(() => sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'inbox', unread: 0 }) }));
      await waitFor(() => expect(within(nav).getByRole('link', { name: '站内信' })).toBeInTheDocument());

      act(() => view.store.dispatch(panelToggled(false)));
      expect(sockets[0]!.closed).toBe(true);
    } finally {
      globalThis.WebSocket = original;
    }
  });

  it('opens the customer-service link, or says it is missing', async () => {
    const open = jest.fn();
    const view = mountShell({ path: '/home/index', session: SESSION, api: assetApi(), open });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => view.ctx.openPanel());
    fireEvent.click(await screen.findByRole('button', { name: '在线客服' }));
    expect(open).not.toHaveBeenCalled();
    expect(await screen.findByText('未获取到客服链接')).toBeInTheDocument();
    act(() => view.store.dispatch({ type: 'ui/configLoaded', payload: { kefu: 'https://chat.example/k' } }));
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }));
    expect(open).toHaveBeenCalledWith('https://chat.example/k');
  });

  it('stores the chosen language and reloads', async () => {
    const view = mountShell({ path: '/home/index', session: SESSION, api: assetApi() });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => view.ctx.openPanel());
    // jsdom cannot reload; the choice is stored before window.location.reload() runs
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(localStorage.getItem('language')).toBe('us');
    spy.mockRestore();
  });
});

describe('session and exit', () => {
  it('mirrors the session to localStorage under exactly its keys', async () => {
    const view = mountShell({ path: '/login/login' });
    await screen.findByRole('heading', { name: 'mf_account /login/login' });
    act(() => view.ctx.setSession({ token: 'tk2', account: '0907654321', is_admin: '1' }));
    expect(localStorage.getItem('token')).toBe('tk2');
    expect(localStorage.getItem('account')).toBe('0907654321');
    expect(localStorage.getItem('is_admin')).toBe('1');
    expect(localStorage.getItem('language')).toBe('cn');
    expect(localStorage.getItem('market')).toBe('jpy');
  });

  it('log out calls /user/logout, clears token and account, and goes to /login/login after 1 s', async () => {
    const api = assetApi();
    const view = mountShell({ path: '/home/index', session: SESSION, api });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => view.ctx.openPanel());
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    const confirm = await screen.findByRole('alertdialog', { name: '确定要退出登录吗？' });
    jest.useFakeTimers();
    try {
      await act(async () => {
        fireEvent.click(within(confirm).getByRole('button', { name: '退出登录' }));
      });
      await act(async () => {
        await Promise.resolve();
      });
      expect(api.calls.some((c) => c.url === '/user/logout' && c.headers.token === 'tk')).toBe(true);
      expect(view.store.getState().session).toMatchObject({ token: '', account: '' });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('account')).toBeNull();
      expect(view.router.state.location.pathname).toBe('/home/index');
      await act(async () => {
        jest.advanceTimersByTime(EXIT_REDIRECT_MS);
      });
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login/login'));
  });
});
