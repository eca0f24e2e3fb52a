import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';
import { ISSUE, calls, fill, openRow } from './testing';

function issuesApi(roles: Parameters<typeof adminMe>[0] = ['operator']) {
  return fakeApi({
    '/admin/me': adminMe(roles),
    '/admin/newShares': ok({ list: [ISSUE], total: 1 }),
    // Every catalogue change waits for a second administrator (four-eyes, ADR 0026).
    '/admin/newShareCreate': { status: 1, msg: 'four_eyes_waiting', data: { four_eyes_id: 12 } },
    '/admin/approvals': ok({ list: [], total: 0 }),
  });
}

const ISSUE_FORM = {
  Code: '1234',
  'Name (Chinese)': '卡布机器人',
  'Name (English)': 'Kabu Robotics',
  'Name (Japanese)': 'カブロボティクス',
  'Offer price per share': '1500',
  'Shares per lot': '100',
  'Subscription cap (shares)': '10000',
  'Issue size (shares)': '500000',
  Underwriter: 'Kabu Securities',
  'Window opens': '2026-12-01T09:00+09:00',
  'Window closes': '2026-12-03T15:00+09:00',
  Draw: '2026-12-04T09:00+09:00',
  'Payment deadline': '2026-12-05T15:00+09:00',
  Listing: '2026-12-10T09:00+09:00',
  Distribution: '2026-12-10T09:00+09:00',
};

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create' }));
  return { user, form: screen.getByRole('form', { name: 'Create' }) };
}

describe('catalogue screen: new-share issues', () => {
  it('lists the issues and creates one with the contract fields, then shows the server message', async () => {
    const api = issuesApi();
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    const table = await screen.findByRole('table', { name: 'New-share issues' });
    expect(within(table).getByText('Kabu Robotics')).toBeInTheDocument();
    expect(within(table).getByText('Not started')).toBeInTheDocument();
    expect(calls(api, '/admin/newShares')[0]!.form).toEqual({ page: '1' });

    const { user, form } = await openCreate();
    await fill(user, form, ISSUE_FORM);
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls(api, '/admin/newShareCreate')).toHaveLength(1));
    expect(calls(api, '/admin/newShareCreate')[0]!.form).toEqual({
      market: 'jpy',
      code: '1234',
      name_zh: '卡布机器人',
      name_en: 'Kabu Robotics',
      name_ja: 'カブロボティクス',
      price: '1500',
      lot_size: '100',
      subscription_cap: '10000',
      issue_size: '500000',
      underwriter: 'Kabu Securities',
      lockup_days: '0',
      opens_at: '2026-12-01T09:00+09:00',
      closes_at: '2026-12-03T15:00+09:00',
      draw_at: '2026-12-04T09:00+09:00',
      pay_deadline: '2026-12-05T15:00+09:00',
      listing_at: '2026-12-10T09:00+09:00',
      distribution_at: '2026-12-10T09:00+09:00',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('a second, different administrator approves it');
  });

  it('shows a translated error under the field and sends nothing while the form breaks the contract', async () => {
    const api = issuesApi();
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    const { user, form } = await openCreate();
    await fill(user, form, { ...ISSUE_FORM, 'Window opens': '1 December' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('The field Window opens is not valid.')).toBeInTheDocument();
    expect(calls(api, '/admin/newShareCreate')).toHaveLength(0);
  });

  it('shows the refusal the server answers, translated', async () => {
    const api = issuesApi();
    api.set('/admin/newShareCreate', { status: 0, msg: 'new_share_dates_invalid' });
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    const { user, form } = await openCreate();
    await fill(user, form, ISSUE_FORM);
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The dates must be in order');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('links a change that waits for a second administrator to its request, listed with who and when', async () => {
    const api = issuesApi();
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    await screen.findByRole('table', { name: 'New-share issues' });
    expect(screen.queryByRole('region', { name: 'Waiting for a second administrator' })).not.toBeInTheDocument();
    const { user, form } = await openCreate();
    await fill(user, form, ISSUE_FORM);
    const request = {
      id: 12,
      endpoint: 'adminNewShareCreate',
      target: 'adminNewShareCreate:ab12',
      payload: { code: '1234', name_en: 'Kabu Robotics', price: '1500' },
      requester: '0900000001',
      requester_roles: ['operator'],
      requested_at: '2026-11-24T01:00:00.000Z',
      status: 'pending',
    };
    // a pending withdrawal approval is another screen's: not listed here
    const other = { ...request, id: 11, endpoint: 'adminWithdrawalReview', payload: { id: 3, action: 'approve' } };
    api.set('/admin/approvals', ok({ list: [request, other], total: 2 }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('It takes effect when a second, different administrator approves it.');
    expect(within(status).getByRole('link', { name: 'Open the approvals' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=12',
    );
    const pending = await screen.findByRole('region', { name: 'Waiting for a second administrator' });
    expect(within(pending).getByText('New-share issue created')).toBeInTheDocument();
    expect(within(pending).getByText('Kabu Robotics')).toBeInTheDocument();
    expect(within(pending).getByText(/^Submitted by 0900000001 at /)).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Open request 12' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=12',
    );
    expect(within(pending).queryByRole('link', { name: 'Open request 11' })).not.toBeInTheDocument();
    expect(calls(api, '/admin/approvals').at(-1)!.form).toEqual({ status: 'pending', page: '1' });
  });

  const HASH = 'ab'.repeat(32);
  const ROOT = 'ef'.repeat(32);
  const SEED = 'cd'.repeat(32);
  const FINAL = '12'.repeat(32);
  /** /ipo/info of a drawn equal-lot-lottery/2 issue: the chain as investors see it. */
  const drawnInfo = (issue: Record<string, unknown>) =>
    ok({
      issue: { ...issue, drawn: true },
      application: null,
      verification: {
        seed_hash: HASH,
        seed: SEED,
        algorithm: 'equal-lot-lottery/2',
        algorithm_description: '',
        units_offered: 10000,
        applications: 40,
        units_applied: 25000,
        units_allotted: 10000,
        drawn_at: '2026-12-04T00:00:00.000Z',
        list_root: ROOT,
        list_sealed_at: '2026-12-03T06:00:00.000Z',
        list_size: 40,
        final_seed: FINAL,
      },
    });
  /** The values of a DetailList, by their label. */
  const valueOf = (region: HTMLElement, label: string) =>
    within(region).getByText(label).nextElementSibling?.textContent ?? '';

  it('runs the draw and shows its counts with the commitment, the list root, the seed and the final seed', async () => {
    const closed = { ...ISSUE, state: 'ended', seed_hash: HASH };
    const api = fakeApi({
      '/admin/me': adminMe(['operator']),
      '/admin/newShares': ok({ list: [closed], total: 1 }),
      '/admin/newShareDraw': ok({
        issue_id: 5,
        drawn_now: true,
        applications: 40,
        units_offered: 10000,
        units_applied: 25000,
        units_allotted: 10000,
        winners: 31,
        seed_hash: HASH,
        list_root: ROOT,
        seed: SEED,
        final_seed: FINAL,
        algorithm: 'equal-lot-lottery/2',
      }),
      // The investors' page is not what the result reads its chain from: the draw's own answer is.
      '/ipo/info': ok({
        issue: { ...closed, drawn: true },
        application: null,
        verification: {
          seed_hash: HASH,
          seed: null,
          algorithm: 'equal-lot-lottery/2',
          algorithm_description: '',
          units_offered: 10000,
          applications: 40,
          units_applied: 25000,
          units_allotted: null,
          drawn_at: '2026-12-04T00:00:00.000Z',
        },
      }),
    });
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('New-share issues', 5);
    expect(within(pane).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('region', { name: 'Draw result' })).not.toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Run the draw' }));
    expect(within(pane).getByText(/sealed at the close/)).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Run the draw' }));
    await waitFor(() => expect(calls(api, '/admin/newShareDraw')).toHaveLength(1));
    expect(calls(api, '/admin/newShareDraw')[0]!.form).toEqual({ id: '5' });
    const result = await screen.findByRole('region', { name: 'Draw result' });
    expect(valueOf(result, 'Winners')).toBe('31');
    await waitFor(() => expect(calls(api, '/ipo/info')).toHaveLength(1));
    expect(valueOf(result, 'Commitment SHA-256(seed), published at window open')).toBe(HASH);
    expect(valueOf(result, 'List of applications (Merkle root), published at the close')).toBe(ROOT);
    expect(valueOf(result, 'Seed, revealed at the draw')).toBe(SEED);
    expect(valueOf(result, 'Final seed SHA-256(seed:root), used for the tickets')).toBe(FINAL);
    expect(valueOf(result, 'Algorithm')).toBe('equal-lot-lottery/2');
  });

  it('shows a drawn issue’s chain when opened later (its draw approved by a second administrator)', async () => {
    const drawn = { ...ISSUE, state: 'ended', drawn: true, seed_hash: HASH };
    const api = fakeApi({
      '/admin/me': adminMe(['operator']),
      '/admin/newShares': ok({ list: [drawn], total: 1 }),
      '/ipo/info': drawnInfo(drawn),
    });
    await renderRemote('/admin/newShares', { adapter: api, session: { ...SESSION, language: 'jp' } });
    const user = userEvent.setup();
    const list = await screen.findByRole('table', { name: '新規公開株' });
    await user.click(within(list).getByRole('button', { name: '5 を開く' }));
    const pane = await screen.findByRole('region', { name: '詳細' });
    const result = await within(pane).findByRole('region', { name: '抽選結果' });
    expect(within(result).queryByText('抽選を実行しました。')).not.toBeInTheDocument();
    await waitFor(() => expect(valueOf(result, '申込リスト（マークルルート）、申込締切時に公開')).toBe(ROOT));
    expect(valueOf(result, 'コミットメント SHA-256(シード)、申込開始時に公開')).toBe(HASH);
    expect(valueOf(result, 'シード、抽選時に公開')).toBe(SEED);
    expect(valueOf(result, '最終シード SHA-256(シード:ルート)、抽選番号の計算に使用')).toBe(FINAL);
    expect(valueOf(result, '申込件数')).toBe('40');
    expect(within(pane).queryByRole('button', { name: '抽選を実行' })).not.toBeInTheDocument();
  });

  it('withdraws an issue with a reason', async () => {
    const api = issuesApi();
    api.set('/admin/newShareWithdraw', ok({ ...ISSUE, withdrawn: true }));
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('New-share issues', 5);
    await user.click(within(pane).getByRole('button', { name: 'Withdraw the issue' }));
    await fill(user, pane, { Reason: 'Issuer postponed' });
    await user.click(within(pane).getByRole('button', { name: 'Withdraw the issue' }));
    await waitFor(() => expect(calls(api, '/admin/newShareWithdraw')).toHaveLength(1));
    expect(calls(api, '/admin/newShareWithdraw')[0]!.form).toEqual({ id: '5', reason: 'Issuer postponed' });
  });

  it('hides Create and every action from an auditor, who may only read', async () => {
    const api = issuesApi(['auditor']);
    await renderRemote('/admin/newShares', { adapter: api, session: SESSION });
    const { pane } = await openRow('New-share issues', 5);
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Run the draw' })).not.toBeInTheDocument();
    expect(within(pane).getByText('Your roles may read this but not change it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New-share issues' })).toBeInTheDocument();
  });
});
