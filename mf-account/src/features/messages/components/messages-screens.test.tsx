import { renderAccount, session, userInfoFixture } from '#testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { userInfoApi } from '#lib';

function inbox() {
  const messages = [
    {
      id: 2,
      title: 'Identity verified',
      body: 'Your identity has been verified.',
      read: false,
      created_at: '2025-03-02T01:00:00.000Z',
    },
    {
      id: 1,
      title: 'Deposit credited',
      body: 'Your deposit of 100,000.00 JPY was approved.',
      read: true,
      created_at: '2025-03-01T01:00:00.000Z',
    },
  ];
  const unread = () => messages.filter((m) => !m.read).length;
  return fakeApi({
    '/user/messages': () => ok({ list: messages, total: messages.length, unread: unread() }),
    '/user/messageInfo': (form: Record<string, string>) => {
      const message = messages.find((m) => String(m.id) === form.id)!;
      message.read = true;
      return ok(message);
    },
    '/user/getUserinfo': () => ok(userInfoFixture({ unread_messages: unread() })),
  });
}

describe('inbox', () => {
  beforeEach(() => localStorage.clear());

  it('lists the messages with the unread ones marked', async () => {
    const api = inbox();
    await renderAccount('/mine/message', { adapter: api, session });

    const unread = await screen.findByRole('link', { name: /Unread\s*Identity verified/ });
    expect(unread).toHaveAttribute('href', '/mine/messageInfo?id=2');
    expect(screen.getByRole('link', { name: /Deposit credited/ })).not.toHaveTextContent('Unread');
    expect(screen.getByText('2 messages, 1 unread')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ url: '/user/messages', form: { page: '1', size: '20', lang: 'us' } });
  });

  it('marks a message read when it is opened, and the list and the unread count follow', async () => {
    const api = inbox();
    const { host, router } = await renderAccount('/mine/message', { adapter: api, session });
    const link = await screen.findByRole('link', { name: /Unread\s*Identity verified/ });
    // The unread count of the mine page and the side panel: a subscriber of getUserinfo.
    host.store.dispatch(userInfoApi.endpoints.getUserInfo.initiate('jpy') as never);
    const unreadCount = () =>
      userInfoApi.endpoints.getUserInfo.select('jpy')(host.store.getState() as never).data?.unread_messages;
    await waitFor(() => expect(unreadCount()).toBe(1));
    await userEvent.setup().click(link);

    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeInTheDocument();
    expect(screen.getByText('Your identity has been verified.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/messageInfo')?.form).toEqual({ id: '2', lang: 'us' });
    await waitFor(() => expect(unreadCount()).toBe(0));
    expect(api.calls.filter((c) => c.url === '/user/getUserinfo')).toHaveLength(2);

    await act(() => router.navigate(-1));
    expect(await screen.findByText('2 messages, 0 unread')).toBeInTheDocument();
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
  });

  it('says why the inbox is empty', async () => {
    await renderAccount('/mine/message', {
      adapter: fakeApi({ '/user/messages': ok({ list: [], total: 0, unread: 0 }) }),
      session,
    });
    expect(await screen.findByText('No messages to show')).toBeInTheDocument();
  });

  it('loads the next 20 messages on "Load more" until every message is shown', async () => {
    const messages = Array.from({ length: 25 }, (_, i) => ({
      id: 25 - i,
      title: `Notice ${25 - i}`,
      body: 'Body',
      read: true,
      created_at: '2025-03-01T01:00:00.000Z',
    }));
    const api = fakeApi({
      '/user/messages': (form: Record<string, string>) => {
        const page = Number(form.page);
        const size = Number(form.size);
        return ok({ list: messages.slice((page - 1) * size, page * size), total: messages.length, unread: 0 });
      },
    });
    await renderAccount('/mine/message', { adapter: api, session });
    expect(await screen.findByRole('link', { name: /Notice 25/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.form.page)).toEqual(['1', '2']);
  });
});
