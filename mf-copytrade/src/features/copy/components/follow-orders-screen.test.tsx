import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import type { CopyOrder } from 'shared/contract';
import { renderRemote } from '#testing';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const valueOf = (row: HTMLElement, label: string) =>
  within(row).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const order = (overrides: Partial<CopyOrder>): CopyOrder => ({
  id: '11',
  order_no: 'C11',
  product_id: 3,
  status: 0,
  state: 'in_progress',
  market: 'jpy',
  currency: 'JPY',
  money: '200000',
  product_name: 'Japan Momentum 5',
  issuer: 'Sakura Quant Lab',
  lock_days: 30,
  min_investment: '100000',
  deadline: '2026-12-20T06:00:00.000Z',
  amount: '200000',
  units: '185000.12345678',
  buy_nav: '1.081080',
  nav: '1.083215',
  value: '200395.07',
  daily_profit: '-1250.5',
  total_profit: '395.07',
  started_on: '2026-11-19',
  lock_ends_on: '2026-12-19',
  redeemed_amount: null,
  created_at: '2026-11-18T03:00:00.000Z',
  ended_at: null,
  ...overrides,
});

describe('follow records', () => {
  it('shows product, amount, units, daily and total profit with their sign, state and lock-up end', async () => {
    const api = fakeApi({
      '/copy/orders': ok([
        order({}),
        order({ id: '12', order_no: 'C12', state: 'following', units: null, daily_profit: '0', total_profit: '0' }),
        order({
          id: '13',
          order_no: 'C13',
          status: 1,
          state: 'ended',
          product_name: 'US Quality 10',
          product_id: 4,
          money: '0',
          total_profit: '-3200',
          redeemed_amount: '196800',
        }),
      ]),
    });
    await renderRemote('/mine/followOrder', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Follow records' });
    const [running, following, ended] = within(list).getAllByRole('listitem');
    expect(within(running!).getByRole('link', { name: 'Japan Momentum 5' })).toHaveAttribute(
      'href',
      '/home/follow?id=3',
    );
    expect(running).toHaveTextContent('In progress');
    expect(running).toHaveTextContent('Order no. C11');
    expect(valueOf(running!, 'Buy amount')).toHaveTextContent('200,000.00 JPY');
    expect(valueOf(running!, 'Units')).toHaveTextContent('185,000.1235');
    const daily = within(valueOf(running!, 'Daily profit')).getByText('-1,250.50');
    expect(daily).toHaveClass('ds-num--down');
    const total = within(valueOf(running!, 'Total profit')).getByText('+395.07');
    expect(total).toHaveClass('ds-num--up');
    expect(valueOf(running!, 'Lock-up ends')).toHaveTextContent('2026-12-19');

    expect(following).toHaveTextContent('Following');
    expect(valueOf(following!, 'Units')).toHaveTextContent('Bought at the next close');

    expect(ended).toHaveTextContent('Ended');
    expect(ended).toHaveTextContent('US Quality 10');
    expect(valueOf(ended!, 'Total profit')).toHaveTextContent('-3,200.00 JPY');
    expect(valueOf(ended!, 'Returned')).toHaveTextContent('196,800.00 JPY');
    expect(api.calls[0]).toMatchObject({ url: '/copy/orders', form: { type: 'jpy', tab: 'all', lang: 'us' } });
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('says there are no follows yet and offers the products', async () => {
    const api = fakeApi({ '/copy/orders': ok([]) });
    await renderRemote('/mine/followOrder', { adapter: api, session: { ...session, language: 'jp' } });
    expect(await screen.findByText('申込はまだありません')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '商品を見る' })).toHaveAttribute('href', '/home/qcList');
  });

  it.each([
    ['us', 'Lock-up', 'No follow in its lock-up'],
    ['cn', '锁定期', '没有处于锁定期的跟单'],
    ['jp', 'ロックアップ中', 'ロックアップ中のコピートレードはありません'],
  ] as const)(
    'shows the lock-up state (spec §4) and filters it with its tab (%s)',
    async (language, lockup, emptyLockup) => {
      let answer = [order({ state: 'lockup' }), order({ id: '12', order_no: 'C12', state: 'in_progress' })];
      const api = fakeApi({ '/copy/orders': () => ok(answer) });
      const { router } = await renderRemote('/mine/followOrder', { adapter: api, session: { ...session, language } });

      const list = await screen.findByRole('list');
      const [locked] = within(list).getAllByRole('listitem');
      expect(locked).toHaveTextContent(lockup);
      const tabs = screen.getByRole('tablist');
      expect(within(tabs).getAllByRole('tab')).toHaveLength(4);

      answer = [];
      await userEvent.click(within(tabs).getByRole('tab', { name: lockup }));
      expect(await screen.findByText(emptyLockup)).toBeInTheDocument();
      expect(api.calls.at(-1)).toMatchObject({ url: '/copy/orders', form: { tab: 'lockup' } });
      expect(router.state.location.search).toBe('?tab=lockup');
      expect(within(tabs).getByRole('tab', { name: lockup })).toHaveAttribute('aria-selected', 'true');
    },
  );
});
