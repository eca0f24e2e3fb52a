import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';

/** A correction another administrator asked for: it waits for a second one. */
const REQUEST = {
  id: 9,
  endpoint: 'adminCorrection',
  target: 'correction:0901234567:JPY',
  payload: { account: '0901234567', currency: 'JPY', amount: '-1500.5', reason: 'Duplicate credit' },
  requester: '0900000002',
  requester_roles: ['operator'],
  requested_at: '2026-11-24T02:00:00.000Z',
  status: 'pending',
  decider: null,
  decided_at: null,
  reason: null,
  outcome: null,
};

function approvalsApi(row: Record<string, unknown> = REQUEST) {
  let decided = false;
  return fakeApi({
    '/admin/me': adminMe(['admin']),
    '/admin/approvals': (form: Record<string, string>) =>
      ok(form.status === 'pending' && !decided ? { list: [row], total: 1 } : { list: [], total: 0 }),
    '/admin/approve': () => {
      decided = true;
      return { status: 1, msg: 'saved', data: { id: row.id, status: 'approved', outcome: { msg: 'saved', data: {} } } };
    },
  });
}

const calls = (api: ReturnType<typeof fakeApi>, url: string) => api.calls.filter((c) => c.url === url);

async function openRequest() {
  const user = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'Four-eyes approvals' });
  await user.click(within(table).getByRole('button', { name: `Open ${REQUEST.id}` }));
  return { user, table, pane: await screen.findByRole('region', { name: 'Details' }) };
}

describe('four-eyes approvals', () => {
  it('lists the pending requests readably, approves one and refreshes the list', async () => {
    const api = approvalsApi();
    await renderRemote('/admin/approvals', { adapter: api, session: SESSION });
    const { user, table, pane } = await openRequest();
    expect(within(table).getByText('Ledger correction')).toBeInTheDocument();
    expect(within(table).getByText(REQUEST.requester)).toBeInTheDocument();
    // the amount read from its decimal text, in the request's currency
    expect(within(table).getByText('-1,500.50')).toBeInTheDocument();
    expect(within(table).getByText('Duplicate credit')).toBeInTheDocument();
    expect(calls(api, '/admin/approvals')[0]!.form).toMatchObject({ status: 'pending', page: '1' });

    expect(within(pane).getByText(/0900000002 asked for this \(the first approval\)/)).toBeInTheDocument();
    expect(within(pane).getByText(/waits for a second, different administrator/)).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(calls(api, '/admin/approve')).toEqual([
      expect.objectContaining({ form: { id: String(REQUEST.id), action: 'approve', reason: '' } }),
    ]);
    expect(await screen.findByText('Nothing waits for a review.')).toBeInTheDocument();
    expect(calls(api, '/admin/approvals').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a large withdrawal approval with its amount and currency, and an outcome as fields', async () => {
    const withdrawal = {
      ...REQUEST,
      id: 9,
      endpoint: 'adminWithdrawalReview',
      target: 'withdrawal:77',
      payload: { id: 77, action: 'approve' },
      amount: '2000000',
      currency: 'JPY',
      status: 'approved',
      decider: '0900000003',
      outcome: { msg: 'review_done', data: {} },
    };
    const api = approvalsApi(withdrawal);
    api.set('/admin/approvals', ok({ list: [withdrawal], total: 1 }));
    await renderRemote('/admin/approvals', { adapter: api, session: SESSION });
    const { pane } = await openRequest();
    expect(within(pane).getByText('Large withdrawal approval')).toBeInTheDocument();
    expect(within(pane).getByText(/^2,000,000(\.00)?$/)).toBeInTheDocument();
    expect(within(pane).getByText('JPY')).toBeInTheDocument();
    // the outcome reads as the action's message, not as JSON
    expect(within(pane).getByText('Review recorded.')).toBeInTheDocument();
    expect(within(pane).queryByText(/"msg"/)).not.toBeInTheDocument();
  });

  it('shows an approved draw’s outcome with its labelled chain: list root, seed, final seed', async () => {
    const [root, seed, final] = ['ef'.repeat(32), 'cd'.repeat(32), '12'.repeat(32)];
    const draw = {
      ...REQUEST,
      endpoint: 'adminNewShareDraw',
      target: 'adminNewShareDraw:5',
      payload: { id: 5 },
      status: 'approved',
      decider: '0900000003',
      outcome: {
        msg: 'saved',
        data: {
          issue_id: 5,
          drawn_now: true,
          applications: 40,
          units_offered: 10000,
          units_applied: 25000,
          units_allotted: 10000,
          winners: 31,
          seed_hash: 'ab'.repeat(32),
          list_root: root,
          seed,
          final_seed: final,
          algorithm: 'equal-lot-lottery/2',
        },
      },
    };
    const api = approvalsApi(draw);
    api.set('/admin/approvals', ok({ list: [draw], total: 1 }));
    await renderRemote('/admin/approvals', { adapter: api, session: SESSION });
    const { pane } = await openRequest();
    const item = (label: string) => within(pane).getByText(label, { selector: 'span' }).parentElement?.textContent;
    expect(item('List root')).toBe(`List root ${root}`);
    expect(item('Seed')).toBe(`Seed ${seed}`);
    expect(item('Final seed')).toBe(`Final seed ${final}`);
    expect(item('Winners')).toBe('Winners 31');
    // Every field labelled, a yes/no read as such: no raw key, no "true".
    expect(item('Issue no.')).toBe('Issue no. 5');
    expect(item('Drawn by this approval')).toBe('Drawn by this approval Yes');
    expect(within(pane).queryByText(/issue_id|drawn_now|true/)).not.toBeInTheDocument();
  });

  it('hides Approve from the administrator who asked for the request', async () => {
    const api = approvalsApi({ ...REQUEST, requester: SESSION.account });
    await renderRemote('/admin/approvals', { adapter: api, session: SESSION });
    const { pane } = await openRequest();
    expect(within(pane).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(pane).getByText(/a different administrator must approve it/)).toBeInTheDocument();
  });

  it('shows the server refusal translated when the same administrator approves', async () => {
    const api = approvalsApi();
    api.set('/admin/approve', { status: 0, msg: 'four_eyes_same_admin' });
    await renderRemote('/admin/approvals', { adapter: api, session: SESSION });
    const { user, pane } = await openRequest();
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You cannot approve your own request: a different administrator must approve it.',
    );
  });

  it('links a withdrawal approval that waits for a second administrator to its request', async () => {
    const withdrawal = { ...REQUEST, id: 4, order_no: 'W1', account: '0901234567', currency: 'JPY' };
    const api = fakeApi({
      '/admin/me': adminMe(['reviewer']),
      '/admin/withdrawals': ok({ list: [{ ...withdrawal, amount: '2000000' }], total: 1 }),
      '/admin/withdrawalReview': { status: 1, msg: 'four_eyes_waiting', data: { four_eyes_id: 12 } },
    });
    await renderRemote('/admin/withdrawals', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    await user.click(within(table).getByRole('button', { name: 'Open 4' }));
    const pane = await screen.findByRole('region', { name: 'Details' });
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('a second, different administrator approves it');
    expect(within(notice).getByRole('link', { name: 'Open the approvals' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=12',
    );
    await waitFor(() => expect(calls(api, '/admin/withdrawalReview')).toHaveLength(1));
  });

  it('links a refusal for an item that already waits to the waiting request', async () => {
    const api = fakeApi({
      '/admin/me': adminMe(['reviewer']),
      '/admin/withdrawals': ok({ list: [{ ...REQUEST, id: 4, amount: '2000000', currency: 'JPY' }], total: 1 }),
      '/admin/withdrawalReview': { status: 0, msg: 'four_eyes_pending_exists', values: { id: '12' } },
    });
    await renderRemote('/admin/withdrawals', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Open 4' }));
    await user.click(
      within(await screen.findByRole('region', { name: 'Details' })).getByRole('button', { name: 'Approve' }),
    );
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('(request 12)');
    expect(within(notice).getByRole('link', { name: 'Open the approvals' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=12',
    );
  });
});
