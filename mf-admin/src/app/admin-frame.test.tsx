import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';

/** Issue 35: the back office has a logout, and it ends the session on the server, not only on this page. */
describe('back-office frame', () => {
  const api = () =>
    fakeApi({
      '/admin/me': adminMe(['reviewer']),
      '/admin/deposits': ok({ list: [], total: 0 }),
      '/user/logout': ok(),
    });

  it('logs out after a confirmation: /user/logout with the session, session cleared, the login screen', async () => {
    const adapter = api();
    const onNavigate = jest.fn();
    const { host } = await renderRemote('/admin/index', { adapter, session: SESSION, onNavigate });
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Back-office navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Log out of the back office?' });
    // Outside the navigation, whose inverse colours painted the title white on white in the journey's screenshot.
    expect(nav).not.toContainElement(dialog);
    expect(adapter.calls.map((c) => c.url)).not.toContain('/user/logout');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(adapter.calls.map((c) => c.url)).toContain('/user/logout'));
    expect(adapter.calls.find((c) => c.url === '/user/logout')!.headers).toMatchObject({ token: SESSION.token });
    await waitFor(() => expect(host.store.getState().session.token).toBeFalsy());
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/login/login'), { timeout: 3000 });
  });

  it('keeps the session when the logout is cancelled', async () => {
    const adapter = api();
    await renderRemote('/admin/index', { adapter, session: SESSION });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out of the back office?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(adapter.calls.map((c) => c.url)).not.toContain('/user/logout');
  });
});
