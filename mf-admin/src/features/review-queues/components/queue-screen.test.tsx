import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { DEPOSIT, SESSION, adminMe, forbidden, renderRemote } from '#testing';

/** The deposits queue: the row stays pending until a decision is posted, then the pending list is empty. */
function depositsApi(options: { roles?: Parameters<typeof adminMe>[0]; reviewMsg?: string } = {}) {
  let decided = false;
  return fakeApi({
    '/admin/me': adminMe(options.roles ?? ['reviewer']),
    '/admin/deposits': (form: Record<string, string>) =>
      ok(
        form.status === 'pending' && !decided
          ? { list: [DEPOSIT], total: 1 }
          : { list: decided && form.status !== 'pending' ? [{ ...DEPOSIT, status: 'approved' }] : [], total: 0 },
      ),
    '/admin/depositReview': () => {
      decided = true;
      return { status: 1, msg: options.reviewMsg ?? 'review_done', data: {} };
    },
    '/admin/image': ok({ id: DEPOSIT.proof_id, mime: 'image/png', data_url: 'data:image/png;base64,iVBORw0KGgo=' }),
  });
}

const calls = (api: ReturnType<typeof fakeApi>, url: string) => api.calls.filter((c) => c.url === url);

async function openDeposit() {
  const user = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'Deposits' });
  await user.click(within(table).getByRole('button', { name: `Open ${DEPOSIT.id}` }));
  const pane = await screen.findByRole('region', { name: 'Details' });
  return { user, pane };
}

describe('review queue', () => {
  it('lists the pending deposits with their amount, and shows the selected one with its proof image', async () => {
    const api = depositsApi();
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(within(table).getByText(DEPOSIT.order_no)).toBeInTheDocument();
    expect(within(table).getByText('150,000.00')).toBeInTheDocument();
    expect(calls(api, '/admin/deposits')[0]!.form).toMatchObject({ status: 'pending', page: '1' });

    const { pane } = await openDeposit();
    expect(within(pane).getByText(DEPOSIT.account)).toBeInTheDocument();
    expect(await within(pane).findByRole('img', { name: 'Payment proof' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(calls(api, '/admin/image')[0]!.form).toEqual({ id: DEPOSIT.proof_id });
  });

  it('approves: posts the decision, shows the server message and refreshes the list', async () => {
    const api = depositsApi();
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { user, pane } = await openDeposit();
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Review recorded.');
    expect(calls(api, '/admin/depositReview')).toEqual([
      expect.objectContaining({ form: { id: String(DEPOSIT.id), action: 'approve', reason: '' } }),
    ]);
    expect(await screen.findByText('Nothing waits for a review.')).toBeInTheDocument();
    expect(calls(api, '/admin/deposits').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to reject without a reason, then rejects with the reason given', async () => {
    const api = depositsApi();
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { user, pane } = await openDeposit();
    await user.click(within(pane).getByRole('button', { name: 'Reject' }));
    expect(within(pane).getByRole('alert')).toHaveTextContent('Enter a reason to reject.');
    expect(calls(api, '/admin/depositReview')).toHaveLength(0);

    await user.type(within(pane).getByLabelText(/^Reason/), 'Proof does not match the amount');
    await user.click(within(pane).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls(api, '/admin/depositReview')).toHaveLength(1));
    expect(calls(api, '/admin/depositReview')[0]!.form).toEqual({
      id: String(DEPOSIT.id),
      action: 'reject',
      reason: 'Proof does not match the amount',
    });
  });

  it('shows the generic success when the server answers a message the catalogue does not have', async () => {
    const api = depositsApi({ reviewMsg: 'four_eyes_waiting_unknown' });
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { user, pane } = await openDeposit();
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done.');
  });

  it('shows the translated message the server answers (identity checks answer "saved")', async () => {
    const api = depositsApi({ reviewMsg: 'saved' });
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { user, pane } = await openDeposit();
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });

  it('shows the refusal when another reviewer decided first', async () => {
    const api = depositsApi();
    api.set('/admin/depositReview', { status: 0, msg: 'review_already_done' });
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { user, pane } = await openDeposit();
    await user.click(within(pane).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This application was already reviewed. Refresh the list.',
    );
  });

  it('does not send a decision the contract rejects: its refusal is shown, nothing throws', async () => {
    const api = depositsApi();
    const logged = jest.spyOn(console, 'error');
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { user, pane } = await openDeposit();
    // the textarea takes a line break; the contract's reason is one line (plainString)
    await user.type(within(pane).getByLabelText(/^Reason/), 'Proof{Enter}does not match');
    await user.click(within(pane).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('status')).toHaveTextContent('The field reason is not valid.');
    expect(calls(api, '/admin/depositReview')).toHaveLength(0);
    expect(within(pane).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('hides Approve and Reject from an operator whose roles may only read the queue', async () => {
    const api = depositsApi({ roles: ['auditor'] });
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    const { pane } = await openDeposit();
    expect(within(pane).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(pane).getByText('Your roles may read this queue but not decide it.')).toBeInTheDocument();
  });

  it('asks the day-trade list for its own pending state and filters by status from the address', async () => {
    const api = fakeApi({
      '/admin/me': adminMe(['admin']),
      '/admin/dayTrades': ok({ list: [], total: 0 }),
    });
    await renderRemote('/admin/daytrade?status=rejected', { adapter: api, session: SESSION });
    expect(await screen.findByText('No rejected items.')).toBeInTheDocument();
    expect(calls(api, '/admin/dayTrades')[0]!.form).toMatchObject({ status: 'failed', page: '1' });
  });

  it('shows the not-allowed screen when /admin/me refuses the session', async () => {
    const api = fakeApi({ '/admin/me': forbidden(), '/admin/deposits': ok({ list: [DEPOSIT], total: 1 }) });
    await renderRemote('/admin/deposits', { adapter: api, session: SESSION });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls(api, '/admin/deposits')).toHaveLength(0);
  });
});
