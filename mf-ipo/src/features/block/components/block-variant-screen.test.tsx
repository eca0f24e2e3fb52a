import { renderRemote } from '#testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { application, listing, page } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;

// A whole screen through the real client on a shared, slow machine: more than jest's default 5 s per test.
jest.setTimeout(30_000);

const dividend = listing({ id: 20, variant: 'dividend', record_date: '2026-12-28', dividend_per_share: '45' });
const financing = listing({
  id: 21,
  code: '6758',
  name: 'Sony Group',
  variant: 'financing',
  financed_pct: '50',
  financing_rate_pct: '2.8',
  financing_days: 30,
  leverage: 2,
});

/** /block/list by the variant posted. */
const byVariant = (form: Record<string, string>) =>
  ok(page(form.variant === 'dividend' ? [dividend] : form.variant === 'financing' ? [financing] : []));

describe('block trade variants', () => {
  it('lists the dividend listings on /home/large2 and shows their record date on the detail', async () => {
    const api = fakeApi({ '/block/list': byVariant, '/block/info': ok(dividend) });
    const view = await renderRemote('/home/large2', { adapter: api, session });
    expect(await screen.findByRole('heading', { name: 'Dividend block trade' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Dividend block-trade listings' });
    const row = within(list).getByRole('link', { name: /Toyota Motor/ });
    expect(row).toHaveAttribute('href', '/home/largeInfo?id=20');
    expect(row).toHaveTextContent('Record date 2026-12-28 · 45.00 JPY a share');
    expect(api.calls.find((c) => c.url === '/block/list')?.form).toMatchObject({ variant: 'dividend' });
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/home/large4');

    await act(() => view.router.navigate('/home/largeInfo?id=20'));
    expect((await screen.findByText('Dividend record date')).closest('div')).toHaveTextContent('2026-12-28');
    expect(screen.getByText('Dividend per share').closest('div')).toHaveTextContent('45.00 JPY');
  });

  it('lists the financing listings on /home/large3', async () => {
    await renderRemote('/home/large3', { adapter: fakeApi({ '/block/list': byVariant }), session });
    const list = await screen.findByRole('list', { name: 'Financing block-trade listings' });
    expect(within(list).getByRole('link', { name: /Sony Group/ })).toHaveTextContent(
      '2× · 50% financed at 2.8% a year for 30 days',
    );
  });

  it('shows both variants as tabs on /home/largeQc', async () => {
    const user = userEvent.setup();
    await renderRemote('/home/largeQc', { adapter: fakeApi({ '/block/list': byVariant }), session });
    expect(await screen.findByRole('list', { name: 'Dividend block-trade listings' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Financing' }));
    const list = await screen.findByRole('list', { name: 'Financing block-trade listings' });
    expect(within(list).getByRole('link', { name: /Sony Group/ })).toBeInTheDocument();
  });

  it('lists the dividend and financing applications with their states on /home/large4', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/block/applications': (form: Record<string, string>) =>
        ok(
          page(
            form.variant === 'dividend'
              ? [application({ variant: 'dividend', status: 'approved', position_id: 3 })]
              : [application({ id: 44, variant: 'financing', status: 'rejected', reason: 'Margin limit reached' })],
          ),
        ),
    });
    await renderRemote('/home/large4', { adapter: api, session });
    const dividends = await screen.findByRole('list', { name: 'My dividend block-trade applications' });
    expect(within(dividends).getByRole('link')).toHaveTextContent('Approved');
    await user.click(screen.getByRole('tab', { name: 'Financing' }));
    const financed = await screen.findByRole('list', { name: 'My financing block-trade applications' });
    expect(within(financed).getByRole('link')).toHaveTextContent('Rejected');
    expect(within(financed).getByRole('link')).toHaveTextContent('Reason: Margin limit reached');
  });

  it('shows a rejected application with its reason and the release of the held amount', async () => {
    const rejected = application({
      status: 'rejected',
      reason: 'Lots over the house limit',
      reviewed_at: '2026-11-24T05:00:00.000Z',
    });
    await renderRemote('/home/large4?id=40', {
      adapter: fakeApi({ '/block/applicationInfo': ok(rejected) }),
      session,
    });
    expect(await screen.findByText('Reason: Lots over the house limit')).toBeInTheDocument();
    expect(screen.getByText('Not approved: the amount held is back in your available balance.')).toBeInTheDocument();
    expect(screen.getByText('Review').closest('div')).toHaveTextContent('Rejected');
    expect(screen.getByText('Order no.').closest('div')).toHaveTextContent('B20261124001');
    expect(screen.getByText('Held').closest('div')).toHaveTextContent('3,420,000.00 JPY');
    expect(screen.getByRole('link', { name: 'See the listing' })).toHaveAttribute('href', '/home/largeInfo?id=12');
  });

  it('shows a pending application as pending and an approved one with the way to positions', async () => {
    const api = fakeApi({ '/block/applicationInfo': ok(application()) });
    const view = await renderRemote('/home/large4?id=40', { adapter: api, session });
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See positions' })).not.toBeInTheDocument();
    api.set('/block/applicationInfo', ok(application({ id: 41, status: 'approved', position_id: 9 })));
    await act(() => view.router.navigate('/home/large4?id=41'));
    expect(await screen.findByRole('link', { name: 'See positions' })).toHaveAttribute('href', '/position/index');
    expect(screen.getByText('Review').closest('div')).toHaveTextContent('Approved');
  });

  it('says an approved application is placed (placement_success, as its inbox says), a pending one not', async () => {
    const api = fakeApi({ '/block/applicationInfo': ok(application()) });
    const view = await renderRemote('/home/large4?id=40', { adapter: api, session });
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByText('Placement successful.')).toBeNull();
    api.set('/block/applicationInfo', ok(application({ id: 41, status: 'approved', position_id: 9 })));
    await act(() => view.router.navigate('/home/large4?id=41'));
    expect(await screen.findByText('Placement successful.')).toHaveAttribute('role', 'status');
  });

  it.each([
    ['cn', '配售成功'],
    ['jp', '割当が完了しました。'],
  ] as const)('says the placement in %s', async (language, placed) => {
    const approved = application({ status: 'approved', position_id: 9 });
    const api = fakeApi({ '/block/applicationInfo': ok(approved) });
    await renderRemote('/home/large4?id=40', { adapter: api, session: { ...session, language } });
    expect(await screen.findByText(placed)).toHaveAttribute('role', 'status');
  });

  it('says from when the holding can be sold: after the lock-up while pending, the date once approved', async () => {
    const api = fakeApi({ '/block/applicationInfo': ok(application()) });
    const view = await renderRemote('/home/large4?id=40', { adapter: api, session });
    expect((await screen.findByText('Can be sold from')).closest('div')).toHaveTextContent(
      '90 days after approval (lock-up)',
    );
    const approved = application({ id: 41, status: 'approved', position_id: 9, sellable_from: '2027-02-22' });
    api.set('/block/applicationInfo', ok(approved));
    await act(() => view.router.navigate('/home/large4?id=41'));
    expect(await screen.findByText('2027-02-22')).toBeInTheDocument();
  });

  it('shows the financing terms of a financing application', async () => {
    const financed = application({
      variant: 'financing',
      leverage: 2,
      held: '1712810',
      financed_amount: '1710000',
      financing_fee: '2810',
    });
    await renderRemote('/home/large4?id=40', { adapter: fakeApi({ '/block/applicationInfo': ok(financed) }), session });
    expect((await screen.findByText('Financing fee')).closest('div')).toHaveTextContent('2,810.00 JPY');
    expect(screen.getByText('Financed by the house').closest('div')).toHaveTextContent('1,710,000.00 JPY');
  });

  it.each([
    ['cn', '已拒绝', '原因：超出限额'],
    ['jp', '否認', '理由：超出限额'],
  ] as const)('shows an application in %s', async (language, state, reason) => {
    const rejected = application({ status: 'rejected', reason: '超出限额' });
    await renderRemote('/home/large4?id=40', {
      adapter: fakeApi({ '/block/applicationInfo': ok(rejected) }),
      session: { ...session, language },
    });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getAllByText(state).length).toBeGreaterThan(0);
  });
});
