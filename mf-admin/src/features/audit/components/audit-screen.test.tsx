import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';

const ENTRY = {
  id: 41,
  actor: '0900000001',
  actor_roles: ['reviewer'],
  ip: '127.0.0.1',
  action: 'deposit.approve',
  target: 'deposit:D20261124000007',
  before: { status: 'pending' },
  after: { status: 'approved' },
  detail: { amount: '150000', currency: 'JPY' },
  created_at: '2026-11-24T01:00:00.000Z',
};

const CSV = 'id,created_at,actor,actor_roles,ip,action,target,before,after,detail\r\n41,2026-11-24T01:00:00.000Z\r\n';

function auditApi() {
  return fakeApi({
    '/admin/me': adminMe(['auditor']),
    '/admin/audit': (form: Record<string, string>) =>
      ok({ list: [{ ...ENTRY, id: form.page === '2' ? 1 : 41 }], total: 51 }),
    '/admin/auditCsv': ok({ filename: 'audit-20261124T210000Z.csv', csv: CSV, rows: 1, truncated: false }),
  });
}

const forms = (api: ReturnType<typeof fakeApi>, url: string) =>
  api.calls.filter((c) => c.url === url).map((c) => c.form);

describe('audit log', () => {
  it('lists the entries read-only, one line each with before / after in an expandable row, page by page', async () => {
    const api = auditApi();
    await renderRemote('/admin/audit', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('deposit.approve')).toBeInTheDocument();
    expect(within(table).queryByText(/"amount": "150000"/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();

    const toggle = within(table).getByRole('button', { name: 'Details of entry 41' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(table).getByText(/"amount": "150000"/)).toBeInTheDocument();
    expect(within(table).getByText(/"status": "approved"/)).toBeInTheDocument();

    expect(screen.getByText('Page 1 of 2 · 51 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 51 rows')).toBeInTheDocument();
    expect(forms(api, '/admin/audit')).toEqual([{ page: '1' }, { page: '2' }]);
  });

  it('sends the filters as request fields and keeps them in the address', async () => {
    const api = auditApi();
    const { router } = await renderRemote('/admin/audit', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit log' });
    const search = screen.getByRole('form', { name: 'Search the audit log' });
    await user.type(within(search).getByLabelText('Operator account'), '0900000001');
    await user.type(within(search).getByLabelText(/^Action/), 'withdrawal');
    await user.type(within(search).getByLabelText(/^From/), '2026-11-01');
    await user.type(within(search).getByLabelText(/^To/), '2026-11-24');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    const wanted = { actor: '0900000001', action: 'withdrawal', from: '2026-11-01', to: '2026-11-24' };
    await waitFor(() => expect(forms(api, '/admin/audit').at(-1)).toEqual({ ...wanted, page: '1' }));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual(wanted);
  });

  it('checks the filters with the contract before searching', async () => {
    const api = auditApi();
    await renderRemote('/admin/audit', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit log' });
    const search = screen.getByRole('form', { name: 'Search the audit log' });
    await user.type(within(search).getByLabelText('Operator account'), '12');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByRole('alert')).toHaveTextContent(
      'The account must be a ten-digit mobile number.',
    );
    expect(forms(api, '/admin/audit')).toEqual([{ page: '1' }]);
  });

  it('reads the filters from the address and exports the same search as a CSV download', async () => {
    const api = auditApi();
    const createObjectURL = jest.fn(() => 'blob:audit');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('audit-20261124T210000Z.csv');
      expect(this.href).toBe('blob:audit');
    });
    await renderRemote('/admin/audit?action=withdrawal&target=user%3A0901234567', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit log' });
    expect(forms(api, '/admin/audit')[0]).toEqual({ action: 'withdrawal', target: 'user:0901234567', page: '1' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 entries exported to audit-20261124T210000Z.csv.');
    expect(forms(api, '/admin/auditCsv')).toEqual([{ action: 'withdrawal', target: 'user:0901234567' }]);
    expect(click).toHaveBeenCalledTimes(1);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    click.mockRestore();
  });
});
