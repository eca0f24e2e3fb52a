import { renderAccount } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const info = {
  account: '0901234567',
  currency: 'JPY',
  jpy: '1234567.5',
  jpyyjed: '120000',
  frozen: '30000',
  total: '1264567.5',
  ccsz: '0',
  fdyk: '0',
  realname_status: 'pending',
  has_fund_password: true,
  unread_messages: 2,
};

describe('mine screen', () => {
  beforeEach(() => localStorage.clear());

  it('shows the account, identity status and assets of the selected market', async () => {
    const api = fakeApi({ '/user/getUserinfo': ok(info) });
    await renderAccount('/mine/index', {
      adapter: api,
      session: { language: 'us', token: 't', account: '0901234567', market: 'jpy' },
    });

    const assets = await screen.findByRole('region', { name: 'Assets' });
    expect(await within(assets).findByText('1,264,567.50')).toBeInTheDocument();
    expect(within(assets).getByText('1,234,567.50')).toBeInTheDocument();
    expect(within(assets).getByText('30,000.00')).toBeInTheDocument();
    expect(within(assets).getByText('120,000.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Account' })).getByText('Under review')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ url: '/user/getUserinfo', form: { type: 'jpy' } });
  });

  it('links to every mine page and the money screens of the other remotes', async () => {
    await renderAccount('/mine/index', {
      adapter: fakeApi({ '/user/getUserinfo': ok(info) }),
      session: { language: 'us', token: 't' },
    });
    const targets = (await screen.findAllByRole('link')).map((a) => a.getAttribute('href'));

    for (const path of [
      '/mine/deposit',
      '/mine/withdraw',
      '/mine/exchange',
      '/mine/loan',
      '/mine/transactionRecords',
      '/mine/newShareOrder',
      '/mine/followOrder',
      '/mine/verified',
      '/mine/bank',
      '/mine/loginPassword',
      '/mine/fundPassword',
      '/mine/message',
      '/news/index',
      '/mine/language',
      '/mine/about',
      '/mine/privacy',
      '/mine/protocol',
    ]) {
      expect(targets).toContain(path);
    }
  });

  it('logs out through the host', async () => {
    const api = fakeApi({ '/user/getUserinfo': ok(info), '/user/logout': ok() });
    const { host } = await renderAccount('/mine/index', {
      adapter: api,
      session: { language: 'us', token: 't', account: '0901234567' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(host.ctx.getSession().token).toBe('');
    expect(api.calls.map((c) => c.url)).toContain('/user/logout');
  });

  it('shows the identity state, the unread count and a fund-password hint on the entries', async () => {
    const api = fakeApi({
      '/user/getUserinfo': ok({ ...info, realname_status: 'none', has_fund_password: false, unread_messages: 3 }),
    });
    await renderAccount('/mine/index', {
      adapter: api,
      session: { language: 'us', token: 't', account: '0901234567' },
    });

    expect(await screen.findByRole('link', { name: /Inbox\s*3 unread/ })).toHaveAttribute('href', '/mine/message');
    expect(screen.getByRole('link', { name: /Fund password\s*Not set/ })).toHaveAttribute('href', '/mine/fundPassword');
    expect(screen.getByRole('link', { name: /Identity verification\s*Not verified/ })).toHaveAttribute(
      'href',
      '/mine/verified',
    );
    expect(screen.getByRole('link', { name: /Bank cards\s*Verify identity first/ })).toHaveAttribute(
      'href',
      '/mine/bank',
    );
  });

  it.each([
    ['pending', /Bank cards\s*Identity under review/],
    ['failed', /Bank cards\s*Identity not approved/],
  ])('says the identity state as it is on the bank-card entry: %s', async (realname_status, name) => {
    const api = fakeApi({ '/user/getUserinfo': ok({ ...info, realname_status }) });
    await renderAccount('/mine/index', {
      adapter: api,
      session: { language: 'us', token: 't', account: '0901234567' },
    });
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/mine/bank');
    expect(screen.queryByText('Verify identity first')).not.toBeInTheDocument();
  });

  it.each([
    ['us' as const, 'Invite code', 'Copy invite code', 'Invite code copied.'],
    ['cn' as const, '邀请码', '复制邀请码', '邀请码已复制'],
    ['jp' as const, '招待コード', '招待コードをコピー', '招待コードをコピーしました。'],
  ])('shows the user’s own invite code with a copy button (%s)', async (language, label, copyName, copied) => {
    const user = userEvent.setup();
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { host } = await renderAccount('/mine/index', {
      adapter: fakeApi({ '/user/getUserinfo': ok({ ...info, invite_code: 'K7P2QX' }) }),
      session: { language, token: 't', account: '0901234567' },
    });
    const profile = await screen.findByRole('region', { name: /Account|账号|アカウント/ });
    expect(await within(profile).findByText('K7P2QX')).toBeInTheDocument();
    expect(within(profile).getByText(label)).toBeInTheDocument();
    await user.click(within(profile).getByRole('button', { name: copyName }));
    expect(writeText).toHaveBeenCalledWith('K7P2QX');
    await waitFor(() => expect(host.toasts).toContain(copied));
  });

  it.each([
    [
      'us' as const,
      'Trading is restricted on this account',
      'Reason: Suspected market abuse',
      'Contact customer service',
    ],
    ['cn' as const, '该账号已被限制交易', '原因：Suspected market abuse', '联系客服'],
    [
      'jp' as const,
      'このアカウントは取引が制限されています',
      '理由：Suspected market abuse',
      'カスタマーサービスに連絡',
    ],
  ])(
    'shows the operator’s reason while trading is barred, with the way out (%s)',
    async (language, title, reason, cs) => {
      await renderAccount('/mine/index', {
        adapter: fakeApi({ '/user/getUserinfo': ok({ ...info, restriction_reason: 'Suspected market abuse' }) }),
        session: { language, token: 't', account: '0901234567' },
      });
      const notice = await screen.findByRole('region', { name: title });
      expect(within(notice).getByText(reason)).toBeInTheDocument();
      expect(within(notice).getByRole('button', { name: cs })).toBeInTheDocument();
    },
  );

  it('shows no restriction notice for an unrestricted account', async () => {
    await renderAccount('/mine/index', {
      adapter: fakeApi({ '/user/getUserinfo': ok(info) }),
      session: { language: 'us', token: 't', account: '0901234567' },
    });
    expect(await screen.findByRole('region', { name: 'Assets' })).toBeInTheDocument();
    expect(await screen.findByText('1,264,567.50')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trading is restricted on this account' })).not.toBeInTheDocument();
  });

  it('reads the unread count again when the app regains focus', async () => {
    let unread = 2;
    const api = fakeApi({ '/user/getUserinfo': () => ok({ ...info, unread_messages: unread }) });
    await renderAccount('/mine/index', {
      adapter: api,
      session: { language: 'us', token: 't', account: '0901234567' },
    });
    expect(await screen.findByRole('link', { name: /Inbox\s*2 unread/ })).toBeInTheDocument();
    unread = 5;
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByRole('link', { name: /Inbox\s*5 unread/ })).toBeInTheDocument();
  });
});
