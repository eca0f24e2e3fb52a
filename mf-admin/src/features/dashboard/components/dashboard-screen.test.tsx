import { screen, within } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, forbidden, renderRemote } from '#testing';

const TOTALS: Record<string, number> = {
  '/admin/deposits': 3,
  '/admin/realnames': 1,
  '/admin/withdrawals': 12,
  '/admin/loans': 0,
  '/admin/blockApplications': 2,
  '/admin/dayTrades': 5,
  '/admin/approvals': 4,
};

function dashboardApi(roles: Parameters<typeof adminMe>[0] = ['reviewer']) {
  return fakeApi({
    '/admin/me': adminMe(roles),
    ...Object.fromEntries(Object.entries(TOTALS).map(([url, total]) => [url, ok({ list: [], total })])),
  });
}

describe('dashboard', () => {
  it('shows the pending count of every queue, each linking to its pending list', async () => {
    const api = dashboardApi();
    await renderRemote('/admin/index', { adapter: api, session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Pending reviews' })).toBeInTheDocument();
    const cards = [
      ['Deposits', '/admin/deposits', 3],
      ['Withdrawals', '/admin/withdrawals', 12],
      ['Identity checks', '/admin/realnames', 1],
      ['Loans', '/admin/loans', 0],
      ['Block-trade applications', '/admin/block', 2],
      ['Day-trading applications', '/admin/daytrade', 5],
      ['Four-eyes approvals', '/admin/approvals', 4],
    ] as const;
    const main = screen.getByRole('main');
    for (const [title, path, count] of cards) {
      const link = await within(main).findByRole('link', { name: new RegExp(`^${title}`) });
      expect(link).toHaveAttribute('href', `${path}?status=pending`);
      expect(await within(link).findByLabelText(`${count} pending`)).toHaveTextContent(String(count));
    }
    // each count is the list's total with the queue's own pending state
    expect(api.calls.find((c) => c.url === '/admin/dayTrades')!.form).toMatchObject({ status: 'submitted' });
    expect(api.calls.find((c) => c.url === '/admin/deposits')!.form).toMatchObject({ status: 'pending', page: '1' });
    expect(api.calls.find((c) => c.url === '/admin/approvals')!.form).toMatchObject({ status: 'pending' });
  });

  it('lists the audit log in the navigation only for roles that may read it', async () => {
    await renderRemote('/admin/index', { adapter: dashboardApi(['reviewer']), session: SESSION });
    const nav = await screen.findByRole('navigation', { name: 'Back-office navigation' });
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Four-eyes approvals' })).toHaveAttribute('href', '/admin/approvals');
    expect(within(nav).getByText('0900000001 · Reviewer')).toBeInTheDocument();
  });

  it('shows the not-allowed screen and no counts when /admin/me refuses the session', async () => {
    const api = fakeApi({ '/admin/me': forbidden() });
    await renderRemote('/admin/index', { adapter: api, session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toEqual(['/admin/me']);
  });
});
