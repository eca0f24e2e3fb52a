import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';
import { panelToggled } from '../store/ui';
import { mountShell } from '../testing/harness';
import { EXIT_REDIRECT_MS } from '../app/host-context';

const SESSION = { token: 'tk', account: '0901234567', market: 'jpy' as const };

function assetApi() {
  return fakeApi({
    '/user/getUserinfo': ok({ account: '0901234567', currency: 'JPY', jpy: '100000.00', jpyyjed: '25000.50' }),
    '/trade/usernewstocklist': ok([
      { id: '1', status: 1, rjmoney: '10000' },
      { id: '2', status: 0, rjmoney: '999' },
      { id: '3', status: 1, rjmoney: '-' },
    ]),
    '/user/withdrawallist': ok([
      { id: '1', status: 0, money: '30000' },
      { id: '2', status: 1, money: '5000' },
    ]),
    '/trade/userproductlist': ok([{ id: '1', status: 0, money: '20000' }]),
    '/trade/ustockslist': ok([{ id: '1', status: 0, credit: '5000' }]),
    '/trade/userstocklist': ok({
      list: { a: { status: 0, nowprice: '1200', stock_num: '10', buy_price: '1000', yingkui: '2000', cost: '10000' } },
      ccsz: '12000.00',
      fdyk: '2000.00',
    }),
    '/trade/userstocklists': ok({ list: [], lsyk: '150.00' }),
    '/user/logout': ok(),
  });
}

describe('side panel', () => {
  it('shows account and figures from getUserinfo and the six asset calls (spec §4 formula)', async () => {
    const api = assetApi();
    const view = mountShell({ path: '/home/index', session: SESSION, api });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => view.ctx.openPanel());
    const panel = await screen.findByRole('dialog', { name: '我的账户' });
    // frozen = 10000 (new share) + 30000 (withdrawal) + 20000 (copy) + 5000 (credit) + 10000 (holding cost) = 75000
    await waitFor(() => expect(within(panel).getByTestId('panel-total')).toHaveTextContent('175,000.00'));
    const figure = (label: string) => within(panel).getByText(label).closest('div')!;
    expect(figure('冻结资金')).toHaveTextContent('75,000.00');
    expect(figure('可用资金')).toHaveTextContent('100,000.00');
    expect(figure('持仓市值')).toHaveTextContent('12,000.00');
    expect(figure('总负债')).toHaveTextContent('25,000.50');
    expect(figure('浮动盈亏')).toHaveTextContent('+2,000.00');
    expect(within(panel).getByTestId('panel-account')).toHaveTextContent('0901234567');
    const urls = api.calls.map((c) => c.url);
    for (const u of [
      '/user/getUserinfo',
      '/trade/usernewstocklist',
      '/user/withdrawallist',
      '/trade/userproductlist',
      '/trade/ustockslist',
      '/trade/userstocklist',
      '/trade/userstocklists',
    ])
      expect(urls).toContain(u);
    expect(api.calls.every((c) => c.form.type === 'jpy' || c.url === '/user/logout')).toBe(true);
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
