import { installFakeSocket, quote, renderRemote, uninstallFakeSocket } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };

/** A server of three watched stocks: the default group holds 6758, "Autos" holds 7203 then 7267. */
function api() {
  const stocks = [quote({ code: '7203' }), quote({ code: '6758', name: 'Sony Group' }), quote({ code: '7267' })];
  let groups = [
    { id: 0, name: '', items: [{ market: 'jpy', code: '6758' }] },
    {
      id: 5,
      name: 'Autos',
      items: [
        { market: 'jpy', code: '7203' },
        { market: 'jpy', code: '7267' },
      ],
    },
  ];
  return fakeApi({
    '/stock/watchlist': () =>
      ok({ list: stocks.map((q) => ({ ...q, added_at: '2026-11-20T00:00:00.000Z' })), simulated: true }),
    '/stock/watchGroups': () => ok({ groups, max: 10 }),
    '/stock/watchGroupCreate': (form: Record<string, string>) => {
      if (groups.some((g) => g.name === form.name)) return { status: 0, msg: 'watch_group_name_taken', field: 'name' };
      groups = [...groups, { id: 6, name: form.name!, items: [] }];
      return ok({ id: 6 });
    },
    '/stock/watchGroupRename': (form: Record<string, string>) => {
      groups = groups.map((g) => (g.id === Number(form.id) ? { ...g, name: form.name! } : g));
      return ok({});
    },
    '/stock/watchGroupDelete': (form: Record<string, string>) => {
      const gone = groups.find((g) => g.id === Number(form.id))!;
      groups = groups
        .filter((g) => g !== gone)
        .map((g) => (g.id === 0 ? { ...g, items: [...gone.items, ...g.items] } : g));
      return ok({});
    },
    '/stock/watchReorder': (form: Record<string, string>) => {
      const autos = groups[1]!;
      if (form.code === '7267' && form.direction === 'up') autos.items = [...autos.items].reverse();
      return ok({});
    },
    '/stock/watchMove': (form: Record<string, string>) => {
      groups = groups.map((g) => ({
        ...g,
        items:
          g.id === Number(form.group_id)
            ? [{ market: 'jpy', code: form.code! }, ...g.items.filter((i) => i.code !== form.code)]
            : g.items.filter((i) => i.code !== form.code),
      }));
      return ok({});
    },
  });
}

const codes = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => new URL(a.getAttribute('href')!, 'http://x').searchParams.get('code'));

describe('watchlist groups', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('shows the stocks in the server’s group order and filters them by group chip', async () => {
    const user = userEvent.setup();
    await renderRemote('/quotes/self', { adapter: api(), session });
    const list = await screen.findByRole('list', { name: 'Watchlist' });
    await waitFor(() => expect(codes(list)).toEqual(['6758', '7203', '7267']));
    const chips = screen.getByRole('group', { name: 'Groups' });
    expect(within(chips).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(chips).getByRole('button', { name: 'Autos' }));
    expect(codes(list)).toEqual(['7203', '7267']);
    await user.click(within(chips).getByRole('button', { name: 'Ungrouped' }));
    expect(codes(list)).toEqual(['6758']);
  });

  it('moves a stock up within its group and to another group in edit mode, by keyboard', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/quotes/self', { adapter: fake, session });
    const list = await screen.findByRole('list', { name: 'Watchlist' });
    await waitFor(() => expect(codes(list)).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // First in its group: no way up; the group's last: no way down.
    expect(within(list).getByRole('button', { name: 'Move Toyota Motor up' })).toBeDisabled();
    const up = within(list).getAllByRole('button', { name: /up$/ }).at(-1)!;
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(codes(list)).toEqual(['6758', '7267', '7203']));
    expect(fake.calls.find((c) => c.url === '/stock/watchReorder')?.form).toEqual({
      code: '7267',
      market: 'jpy',
      direction: 'up',
    });
    await user.selectOptions(within(list).getByRole('combobox', { name: 'Group of Sony Group' }), '5');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.url === '/stock/watchMove')?.form).toEqual({
        code: '6758',
        market: 'jpy',
        group_id: '5',
      }),
    );
    await waitFor(() => expect(codes(list)).toEqual(['6758', '7267', '7203']));
  });

  it('creates a group in the manage sheet and says why a name is refused', async () => {
    const user = userEvent.setup();
    const fake = api();
    const { host } = await renderRemote('/quotes/self', { adapter: fake, session });
    await screen.findByRole('list', { name: 'Watchlist' });
    await user.click(await screen.findByRole('button', { name: 'Groups…' }));
    const sheet = await screen.findByRole('dialog', { name: 'Manage groups' });
    await user.type(within(sheet).getByLabelText('New group name'), 'Autos');
    await user.click(within(sheet).getByRole('button', { name: 'Add group' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('You already have a group with this name.');
    await user.clear(within(sheet).getByLabelText('New group name'));
    await user.type(within(sheet).getByLabelText('New group name'), 'Banks');
    await user.click(within(sheet).getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(host.toasts).toContain('Group created.'));
    expect(await within(sheet).findByRole('button', { name: 'Delete group Banks' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(screen.getByRole('group', { name: 'Groups' })).getByRole('button', { name: 'Banks' })).toBeVisible();
  });

  it('renames and deletes a group in Japanese; the deleted group’s stocks go back to 未分類', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/quotes/self', { adapter: fake, session: { ...session, language: 'jp' as const } });
    const list = await screen.findByRole('list', { name: 'お気に入り' });
    await waitFor(() => expect(codes(list)).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'グループ管理' }));
    const sheet = await screen.findByRole('dialog', { name: 'グループを管理' });
    const name = within(sheet).getByLabelText('Autos の名前');
    await user.clear(name);
    await user.type(name, 'Cars');
    await user.click(within(sheet).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.url === '/stock/watchGroupRename')?.form).toEqual({ id: '5', name: 'Cars' }),
    );
    await user.click(await within(sheet).findByRole('button', { name: 'グループ Cars を削除' }));
    await waitFor(() => expect(within(sheet).getByText('グループはまだありません。')).toBeInTheDocument());
    await user.keyboard('{Escape}');
    const chips = screen.getByRole('group', { name: 'グループ' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['すべて', '未分類']);
    await user.click(within(chips).getByRole('button', { name: '未分類' }));
    expect(codes(list)).toEqual(['7203', '7267', '6758']);
  });
});
