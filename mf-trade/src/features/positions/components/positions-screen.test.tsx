import { renderRemote } from '#testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const holdings = {
  list: {
    h1: { status: 0, code: '7203', name: 'Toyota Motor', nowprice: '2950.5', stock_num: '100', buy_price: '2800', yingkui: '15050' },
  },
  ccsz: '295050',
  fdyk: '15050',
};

const empty = { list: {}, ccsz: '0', fdyk: '0' };
const history = { list: [], lsyk: '0' };

describe('positions screen', () => {
  it('shows open holdings and their value from /trade/userstocklist', async () => {
    const api = fakeApi({ '/trade/userstocklist': ok(holdings), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index', { adapter: api, session: { language: 'us', market: 'jpy', token: 't' } });

    const list = await screen.findByRole('list', { name: 'Holdings' });
    const item = within(list).getByRole('link', { name: /Toyota Motor/ });
    expect(item).toHaveAttribute('href', '/position/info?id=h1&phase=open');
    expect(within(item).getByText('+15,050.00')).toBeInTheDocument();
    expect(within(item).getByText('Holding')).toBeInTheDocument();
    expect(screen.getByText('295,050.00')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/userstocklist')?.form).toEqual({ type: 'jpy' });
  });

  it('says why the list is empty and offers quotes when there are no positions', async () => {
    const api = fakeApi({ '/trade/userstocklist': ok(empty), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index', { adapter: api, session: { language: 'us', market: 'jpy', token: 't' } });

    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse quotes' })).toHaveAttribute('href', '/home/home');
  });

  it('shows new-share subscriptions in progress from /trade/usernewstocklist', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/usernewstocklist': ok([
        { id: 'n1', status: 1, rjmoney: '120000' },
        { id: 'n2', status: 2, rjmoney: '-' },
      ]),
    });
    await renderRemote('/position/index', { adapter: api, session: { language: 'us', market: 'jpy', token: 't' } });

    await userEvent.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    expect(within(list).getByText('Order no. n1')).toBeInTheDocument();
    expect(within(list).getByText('120,000.00')).toBeInTheDocument();
    expect(within(list).queryByText('Order no. n2')).not.toBeInTheDocument();
  });

  it('shows a retry when the holdings call fails', async () => {
    const api = fakeApi({ '/trade/userstocklist': { httpStatus: 500, body: { status: 0, msg: 'request_failed' } }, '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index', { adapter: api, session: { language: 'us', market: 'jpy', token: 't' } });

    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
