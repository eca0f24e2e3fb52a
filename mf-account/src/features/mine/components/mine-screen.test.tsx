import { renderAccount } from '#testing';
import { screen, within } from '@testing-library/react';
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
});
