import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';

const ROW = {
  account: '0901234567',
  email: 'user@example.com',
  realname_status: 'verified',
  banned: false,
  frozen: false,
  trade_disabled: false,
  created_at: '2026-11-20T01:00:00.000Z',
};

function usersApi(roles: Parameters<typeof adminMe>[0] = ['operator']) {
  let barred = false;
  return fakeApi({
    '/admin/me': adminMe(roles),
    '/admin/users': () => ok({ list: [{ ...ROW, trade_disabled: barred }], total: 1 }),
    '/admin/userDetail': () =>
      ok({
        user: {
          ...ROW,
          trade_disabled: barred,
          realname_name: '山田 太郎',
          restriction_reason: barred ? 'Suspected market abuse' : null,
        },
        balances: [{ currency: 'USD', available: '200.25', held: '100.25', total: '300.5' }],
        holds: [
          {
            id: 3,
            currency: 'USD',
            amount: '100.25',
            reason: 'withdrawal',
            reference: 'W1',
            created_at: '2026-11-21T01:00:00.000Z',
          },
        ],
        ledger: [
          {
            id: 9,
            currency: 'USD',
            amount: '300.5',
            kind: 'deposit',
            reference: 'D1',
            memo: null,
            created_at: '2026-11-20T02:00:00.000Z',
          },
        ],
        positions: [],
        inbox: [{ id: 1, title: 'Welcome', body: 'Hello', read: true, created_at: '2026-11-20T01:00:00.000Z' }],
      }),
    '/admin/userFlags': () => {
      barred = true;
      return { status: 1, msg: 'saved', data: {} };
    },
  });
}

const calls = (api: ReturnType<typeof fakeApi>, url: string) => api.calls.filter((c) => c.url === url);

async function openUser() {
  const user = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'Users' });
  await user.click(within(table).getByRole('button', { name: `Open ${ROW.account}` }));
  const detail = await screen.findByRole('region', { name: `User ${ROW.account}` });
  return { user, detail };
}

describe('users', () => {
  it('searches by account and shows the detail with ledger figures formatted from the decimal strings', async () => {
    const api = usersApi();
    await renderRemote('/admin/users', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Account/), '090123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls(api, '/admin/users').at(-1)!.form).toMatchObject({ q: '090123', page: '1' }));

    const { detail } = await openUser();
    expect(calls(api, '/admin/userDetail')[0]!.form).toMatchObject({ account: ROW.account, lang: 'en' });
    const balances = within(detail).getByRole('table', { name: 'Balances (from the ledger)' });
    expect(within(balances).getByText('200.25')).toBeInTheDocument();
    expect(within(balances).getByText('300.50')).toBeInTheDocument();
    expect(within(detail).getByText(/available = total − held/)).toBeInTheDocument();
    expect(within(detail).getByText('W1')).toBeInTheDocument();
    expect(within(detail).getByText('Welcome')).toBeInTheDocument();
  });

  it('needs a reason for the flags, sends them with it and refreshes the user', async () => {
    const api = usersApi();
    await renderRemote('/admin/users', { adapter: api, session: SESSION });
    const { user, detail } = await openUser();
    await user.click(within(detail).getByRole('checkbox', { name: 'Trading disabled' }));
    await user.click(within(detail).getByRole('button', { name: 'Save restrictions' }));
    expect(within(detail).getByRole('alert')).toHaveTextContent(/reason/i);
    expect(calls(api, '/admin/userFlags')).toHaveLength(0);

    await user.type(within(detail).getByLabelText(/^Reason \(required/), 'Suspected market abuse');
    await user.click(within(detail).getByRole('button', { name: 'Save restrictions' }));
    await waitFor(() => expect(calls(api, '/admin/userFlags')).toHaveLength(1));
    expect(calls(api, '/admin/userFlags')[0]!.form).toEqual({
      account: ROW.account,
      banned: '0',
      frozen: '0',
      trade_disabled: '1',
      reason: 'Suspected market abuse',
    });
    expect(await within(detail).findByText('Suspected market abuse')).toBeInTheDocument();
    expect(calls(api, '/admin/userDetail').length).toBeGreaterThanOrEqual(2);
  });

  it('hides the flags from a role that may only read users', async () => {
    await renderRemote('/admin/users', { adapter: usersApi(['auditor']), session: SESSION });
    const { detail } = await openUser();
    expect(within(detail).getByText('W1')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Save restrictions' })).not.toBeInTheDocument();
  });
});
