import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';
import { calls, fill, openRow } from './testing';

const RATE = { from: 'JPY', to: 'USD', rate: '0.0066', spread: '0.002', updated_at: '2026-11-24T00:00:00.000Z' };

describe('catalogue screen: exchange rates', () => {
  function ratesApi(roles: Parameters<typeof adminMe>[0] = ['operator']) {
    return fakeApi({
      '/admin/me': adminMe(roles),
      '/funds/rates': ok([RATE]),
      '/admin/rate': { status: 1, msg: 'saved', data: {} },
    });
  }

  it('reads the rates the exchange screen uses and edits one pair with its spread', async () => {
    const api = ratesApi();
    await renderRemote('/admin/rates', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('Exchange rates', 'JPY-USD');
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await fill(user, pane, { Rate: '0.0067', Spread: '0.0025' });
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(calls(api, '/admin/rate')).toHaveLength(1));
    expect(calls(api, '/admin/rate')[0]!.form).toEqual({ from: 'JPY', to: 'USD', rate: '0.0067', spread: '0.0025' });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });

  it('refuses a pair of one currency with the translated message', async () => {
    const api = ratesApi();
    await renderRemote('/admin/rates', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set a value' }));
    const form = screen.getByRole('form', { name: 'Set a value' });
    await fill(user, form, { From: 'USD', To: 'USD', Rate: '1', Spread: '0' });
    await user.click(within(form).getByRole('button', { name: 'Set a value' }));
    expect(await within(form).findByText('You cannot exchange a currency for itself.')).toBeInTheDocument();
    expect(calls(api, '/admin/rate')).toHaveLength(0);
  });

  it('links a rate change waiting for a second administrator to the approvals', async () => {
    const api = ratesApi();
    api.set('/admin/rate', { status: 1, msg: 'four_eyes_waiting', data: { four_eyes_id: 31 } });
    await renderRemote('/admin/rates', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('Exchange rates', 'JPY-USD');
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('link', { name: 'Open the approvals' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=31',
    );
  });

  it('shows the rates to an auditor without Set or Edit', async () => {
    await renderRemote('/admin/rates', { adapter: ratesApi(['auditor']), session: SESSION });
    const { pane } = await openRow('Exchange rates', 'JPY-USD');
    expect(screen.queryByRole('button', { name: 'Set a value' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('catalogue screen: site config', () => {
  function configApi() {
    return fakeApi({
      '/admin/me': adminMe(['admin']),
      '/common/config': ok([
        { name: 'kefu', value: '/support.html' },
        { name: 'title', value: 'Kabu 株' },
      ]),
      '/admin/config': { status: 1, msg: 'saved', data: {} },
    });
  }

  it('lists the known names with their labels and public values, and edits one checked by its kind', async () => {
    const api = configApi();
    await renderRemote('/admin/config', { adapter: api, session: SESSION });
    const table = await screen.findByRole('table', { name: 'Site config' });
    expect(within(table).getByText('Customer-service link')).toBeInTheDocument();
    expect(within(table).getByText('/support.html')).toBeInTheDocument();
    expect(within(table).getByText('Loan annual rate (%)')).toBeInTheDocument();

    const { user, pane } = await openRow('Site config', 'kefu');
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await fill(user, pane, { Value: 'support desk' });
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    expect(await within(pane).findByText('The field Value is not valid.')).toBeInTheDocument();
    expect(calls(api, '/admin/config')).toHaveLength(0);

    await fill(user, pane, { Value: 'https://help.example.com/chat' });
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(calls(api, '/admin/config')).toHaveLength(1));
    expect(calls(api, '/admin/config')[0]!.form).toEqual({ name: 'kefu', value: 'https://help.example.com/chat' });
  });

  it('sets a loan setting that the public config does not show', async () => {
    const api = configApi();
    await renderRemote('/admin/config', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set a value' }));
    const form = screen.getByRole('form', { name: 'Set a value' });
    await fill(user, form, { Setting: 'loan_terms_days', Value: '[7,14,30]' });
    await user.click(within(form).getByRole('button', { name: 'Set a value' }));
    await waitFor(() => expect(calls(api, '/admin/config')).toHaveLength(1));
    expect(calls(api, '/admin/config')[0]!.form).toEqual({ name: 'loan_terms_days', value: '[7,14,30]' });
  });
});

describe('catalogue screen: settings read by an auditor, and a change already waiting', () => {
  it('shows the site config and the news to an auditor without Set, Create or Edit', async () => {
    const api = fakeApi({
      '/admin/me': adminMe(['auditor']),
      '/common/config': ok([{ name: 'title', value: 'Kabu' }]),
      '/news/list': ok({
        list: [{ id: 4, title: 'T', summary: '', published_at: '2026-11-24T00:00:00.000Z' }],
        total: 1,
      }),
      '/news/info': ok({ id: 4, title: 'T', summary: '', body: 'B', published_at: '2026-11-24T00:00:00.000Z' }),
    });
    const { unmount } = await renderRemote('/admin/config', { adapter: api, session: SESSION });
    const config = await openRow('Site config', 'title');
    expect(screen.queryByRole('button', { name: 'Set a value' })).not.toBeInTheDocument();
    expect(within(config.pane).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    await renderRemote('/admin/news', { adapter: api, session: SESSION });
    const news = await openRow('News', 4);
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(within(news.pane).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('links a refused change to the four-eyes request that already waits for the same setting', async () => {
    const api = fakeApi({
      '/admin/me': adminMe(['operator']),
      '/common/config': ok([{ name: 'title', value: 'Kabu' }]),
      '/admin/config': { status: 0, msg: 'four_eyes_pending_exists', values: { id: '17' } },
    });
    await renderRemote('/admin/config', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('Site config', 'title');
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    const alert = await within(pane).findByRole('alert');
    expect(alert).toHaveTextContent('already waiting for approval (request 17)');
    expect(within(alert).getByRole('link', { name: 'Open the approvals' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=17',
    );
  });
});

describe('catalogue screen: news in three languages', () => {
  const ITEM = { id: 4, title: '市場概況', summary: '', published_at: '2026-11-24T00:00:00.000Z' };
  function newsApi() {
    return fakeApi({
      '/admin/me': adminMe(['operator']),
      '/news/list': ok({ list: [ITEM], total: 1 }),
      '/news/info': ok({ ...ITEM, body: '本文です。' }),
      '/admin/news': { status: 1, msg: 'saved', data: { id: 4 } },
    });
  }

  it('reads the news of the chosen language and edits an item with its body in that language', async () => {
    const api = newsApi();
    await renderRemote('/admin/news?filter=ja', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('News', 4);
    expect(calls(api, '/news/list')[0]!.form).toMatchObject({ page: '1', lang: 'ja' });
    expect(await within(pane).findByText('本文です。')).toBeInTheDocument();
    expect(calls(api, '/news/info')[0]!.form).toEqual({ id: '4', lang: 'ja' });
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    expect(within(pane).getByLabelText('Text')).toHaveValue('本文です。');
    await fill(user, pane, { Title: '市場概況（更新）' });
    await user.click(within(pane).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(calls(api, '/admin/news')).toHaveLength(1));
    expect(calls(api, '/admin/news')[0]!.form).toEqual({
      id: '4',
      lang: 'ja',
      title: '市場概況（更新）',
      body: '本文です。',
    });
  });

  it('creates an item in the language chosen; a missing body is refused before sending', async () => {
    const api = newsApi();
    await renderRemote('/admin/news?filter=en', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'Create' });
    await fill(user, form, { Title: 'Markets today' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('The field Text is not valid.')).toBeInTheDocument();
    await fill(user, form, { Text: 'Stocks rose.' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls(api, '/admin/news')).toHaveLength(1));
    expect(calls(api, '/admin/news')[0]!.form).toEqual({ lang: 'en', title: 'Markets today', body: 'Stocks rose.' });
  });
});
