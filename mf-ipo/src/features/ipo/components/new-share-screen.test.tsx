import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { application, issue } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;

describe('new-share screen', () => {
  it('lists the issues to subscribe with name, code, market, price, cap, window, draw and listing dates', async () => {
    const api = fakeApi({ '/ipo/list': ok({ list: [issue()], total: 1 }) });
    await renderRemote('/home/newShare', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'To subscribe' });
    const row = within(list).getByRole('link', { name: /QPS Research/ });
    expect(row).toHaveAttribute('href', '/home/newShareInfo?id=7');
    expect(row).toHaveTextContent('5595 · Japan');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('1,200.00')).toBeInTheDocument();
    expect(row).toHaveTextContent('500 shares');
    expect(row).toHaveTextContent('2026-11-20 – 2026-11-26');
    expect(row).toHaveTextContent('Draw date2026-11-27');
    expect(row).toHaveTextContent('Listing date2026-12-03');
    expect(api.calls.find((c) => c.url === '/ipo/list')?.form).toEqual({
      type: 'jpy',
      tab: 'toSubscribe',
      page: '1',
      size: '20',
      lang: 'us',
    });
  });

  it('groups the cap of a row in thousands', async () => {
    const api = fakeApi({ '/ipo/list': ok({ list: [issue({ subscription_cap: '1000000' })], total: 1 }) });
    await renderRemote('/home/newShare', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'To subscribe' });
    expect(within(list).getByRole('link', { name: /QPS Research/ })).toHaveTextContent('1,000,000 shares');
  });

  it('asks the server for the tab and market chosen, and says why a tab is empty', async () => {
    const api = fakeApi({
      '/ipo/list': (form: Record<string, string>) =>
        form.tab === 'ended' && form.type === 'jpy'
          ? ok({ list: [issue({ id: 8, state: 'ended', withdrawn: true })], total: 1 })
          : ok({ list: [], total: 0 }),
    });
    await renderRemote('/home/newShare', { adapter: api, session });

    await userEvent.click(await screen.findByRole('tab', { name: 'Subscribing' }));
    expect(await screen.findByText('No issues between their window and listing')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Ended' }));
    const ended = await screen.findByRole('list', { name: 'Ended' });
    expect(within(ended).getByText('Withdrawn')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'US' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url === '/ipo/list' && c.form.type === 'usd' && c.form.tab === 'ended')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('No ended issues')).toBeInTheDocument();
  });

  it('shows a retry when the list is refused', async () => {
    const api = fakeApi({ '/ipo/list': refused('too_frequent') });
    await renderRemote('/home/newShare', { adapter: api, session });
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('lists subscription records and allotment records from /trade/usernewstocklist', async () => {
    const won = { ...application({ state: 'won', allotted_quantity: '100' }), id: '31' };
    const notWon = {
      ...application({ state: 'not_won', allotted_quantity: '0', rjmoney: '-', status: 2, code: '4400', name: 'Lost' }),
      id: '32',
      issue_id: 9,
    };
    const api = fakeApi({
      '/ipo/list': ok({ list: [], total: 0 }),
      '/trade/usernewstocklist': (form: Record<string, string>) =>
        ok(form.tab === 'allotments' ? [won, notWon] : [won]),
    });
    await renderRemote('/home/newShare?tab=allotments', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Allotment records' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Won: payment due');
    expect(rows[0]).toHaveTextContent('300 shares');
    expect(rows[0]).toHaveTextContent('360,000.00');
    expect(rows[0]).toHaveTextContent('Allotted quantity100 shares');
    expect(rows[1]).toHaveTextContent('Not won: funds returned');
    expect(rows[1]).toHaveAttribute('href', '/home/newShareInfo?id=9');
    expect(api.calls.find((c) => c.url === '/trade/usernewstocklist')?.form).toEqual({
      type: 'jpy',
      tab: 'allotments',
      lang: 'us',
    });
  });

  it('reads in Chinese by default, with no English left', async () => {
    const api = fakeApi({ '/ipo/list': ok({ list: [issue({ name: '量子科技' })], total: 1 }) });
    await renderRemote('/home/newShare', { adapter: api, session: { token: 't' } });
    const list = await screen.findByRole('list', { name: '待申购' });
    expect(within(list).getByRole('link')).toHaveTextContent('申购价');
    expect(within(list).getByRole('link')).toHaveTextContent('500 股');
  });
});

describe('my new shares (/mine/newShareOrder)', () => {
  it('shows the subscriptions with quantity, amount, held amount and state, then the allotments', async () => {
    const row = { ...application(), id: '31' };
    const api = fakeApi({ '/trade/usernewstocklist': ok([row]) });
    await renderRemote('/mine/newShareOrder', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Subscription records' });
    const item = within(list).getByRole('link');
    expect(item).toHaveTextContent('Awaiting the draw');
    expect(item).toHaveTextContent('Order no. N20261124000031');
    expect(item).toHaveTextContent('Held now360,000.00');
    await userEvent.click(screen.getByRole('radio', { name: 'Allotment records' }));
    await waitFor(() => expect(api.calls.some((c) => c.form.tab === 'allotments')).toBe(true));
  });

  it('tells open, closed, drawn and listed issues apart by their badge, in three languages (issue 35)', async () => {
    const list = [
      issue({ id: 1, name: 'Alpha', state: 'not_started' }),
      issue({ id: 2, name: 'Bravo', state: 'to_subscribe' }),
      issue({ id: 3, name: 'Charlie', state: 'subscribing', drawn: false }),
      issue({ id: 4, name: 'Delta', state: 'subscribing', drawn: true }),
      issue({ id: 5, name: 'Echo', state: 'ended', drawn: true }),
    ];
    const expected: Record<string, string[]> = {
      us: ['Not started', 'Open', 'Closed: awaiting the draw', 'Drawn: awaiting listing', 'Listed'],
      cn: ['未开始', '可申购', '已截止，待抽签', '已抽签，待上市', '已上市'],
      jp: ['受付前', '申込受付中', '締切・抽選待ち', '抽選済・上場待ち', '上場済み'],
    };
    for (const language of ['us', 'cn', 'jp'] as const) {
      const view = await renderRemote('/home/newShare', {
        adapter: fakeApi({ '/ipo/list': ok({ list, total: 5 }) }),
        session: { ...session, language },
      });
      const links = await screen.findAllByRole('link', { name: /Alpha|Bravo|Charlie|Delta|Echo/ });
      expect(links).toHaveLength(5);
      expected[language]!.forEach((badge, i) => expect(within(links[i]!).getByText(badge)).toBeInTheDocument());
      view.unmount();
    }
  });
});
