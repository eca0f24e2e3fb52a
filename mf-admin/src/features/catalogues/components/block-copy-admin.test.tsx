import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { SESSION, adminMe, renderRemote } from '#testing';
import { calls, fill, openRow } from './testing';

const LISTING = {
  id: 3,
  code: '7203',
  name: 'Toyota',
  market: 'jpy',
  variant: 'standard',
  block_price: '2800',
  lot_size: 100,
  min_lots: 1,
  total_lots: 50,
  lots_left: 50,
  deadline: '2026-12-01T06:00:00.000Z',
  state: 'open',
  closed_reason: null,
};

const PRODUCT = {
  id: 8,
  product_name: 'Japan Autos',
  issuer: 'Kabu AM',
  strategy: 'Equal-weight autos.',
  market: 'jpy',
  currency: 'JPY',
  lockup_days: 30,
  min_investment: '100000',
  deadline: '2026-12-31T06:00:00.000Z',
  capacity: '50000000',
  capacity_left: '50000000',
  on_shelf: true,
  state: 'open',
  base_date: '2026-11-20',
  nav: '1.012345',
  nav_date: '2026-11-24',
  past_return: '1.23',
  past_return_days: 4,
  past_return_from: '2026-11-20',
};

describe('catalogue screen: block-trade listings', () => {
  function blockApi(roles: Parameters<typeof adminMe>[0] = ['operator']) {
    return fakeApi({
      '/admin/me': adminMe(roles),
      '/admin/blockListings': ok({ list: [LISTING], total: 1 }),
      '/admin/blockCreate': { status: 1, msg: 'block_listing_created', data: { id: 4 } },
      '/admin/blockClose': { status: 1, msg: 'block_listing_closed', data: {} },
    });
  }

  it('creates a listing with its channel password and the contract fields', async () => {
    const api = blockApi();
    await renderRemote('/admin/blockListings', { adapter: api, session: SESSION });
    expect(await screen.findByRole('table', { name: 'Block-trade listings' })).toBeInTheDocument();
    expect(calls(api, '/admin/blockListings')[0]!.form).toEqual({ page: '1', state: 'all' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'Create' });
    await fill(user, form, {
      Code: '6758',
      Kind: 'dividend',
      'Block price': '3100.5',
      'Minimum lots': '2',
      'Total lots': '40',
      Deadline: '2026-12-01T15:00+09:00',
      'Channel password': 'sesame',
    });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls(api, '/admin/blockCreate')).toHaveLength(1));
    expect(calls(api, '/admin/blockCreate')[0]!.form).toEqual({
      code: '6758',
      market: 'jpy',
      variant: 'dividend',
      block_price: '3100.5',
      min_lots: '2',
      total_lots: '40',
      deadline: '2026-12-01T15:00+09:00',
      channel_password: 'sesame',
    });
  });

  it('refuses a channel password shorter than 4 characters with the translated message', async () => {
    const api = blockApi();
    await renderRemote('/admin/blockListings', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'Create' });
    await fill(user, form, { Code: '6758', 'Channel password': 'abc' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter the channel password.')).toBeInTheDocument();
    expect(calls(api, '/admin/blockCreate')).toHaveLength(0);
  });

  it('closes an open listing with how and why, and filters by state from the address', async () => {
    const api = blockApi();
    await renderRemote('/admin/blockListings?filter=open', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('Block-trade listings', 3);
    expect(calls(api, '/admin/blockListings')[0]!.form).toEqual({ page: '1', state: 'open' });
    await user.click(within(pane).getByRole('button', { name: 'Close the listing' }));
    await fill(user, pane, { How: 'withdraw', Reason: 'Seller cancelled' });
    await user.click(within(pane).getByRole('button', { name: 'Close the listing' }));
    await waitFor(() => expect(calls(api, '/admin/blockClose')).toHaveLength(1));
    expect(calls(api, '/admin/blockClose')[0]!.form).toEqual({
      id: '3',
      action: 'withdraw',
      reason: 'Seller cancelled',
    });
  });

  it('hides Create and Close from an auditor', async () => {
    await renderRemote('/admin/blockListings', { adapter: blockApi(['auditor']), session: SESSION });
    const { pane } = await openRow('Block-trade listings', 3);
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Close the listing' })).not.toBeInTheDocument();
  });
});

describe('catalogue screen: copy-trading products', () => {
  function copyApi(roles: Parameters<typeof adminMe>[0] = ['operator']) {
    return fakeApi({
      '/admin/me': adminMe(roles),
      '/admin/copyProducts': ok({ list: [PRODUCT], total: 1 }),
      '/admin/copyProductCreate': ok({ ...PRODUCT, id: 9 }),
      '/admin/copyProductOffShelf': ok({ ...PRODUCT, on_shelf: false, state: 'off_shelf' }),
    });
  }

  it('creates a product with its holdings as the contract text, names in three languages', async () => {
    const api = copyApi();
    await renderRemote('/admin/copyProducts', { adapter: api, session: SESSION });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const form = screen.getByRole('form', { name: 'Create' });
    const values = {
      'Name (Chinese)': '日本汽车',
      'Name (English)': 'Japan Autos',
      'Name (Japanese)': '日本自動車',
      'Issuer (Chinese)': '卡布资管',
      'Issuer (English)': 'Kabu AM',
      'Issuer (Japanese)': 'カブAM',
      'Strategy (Chinese)': '等权重',
      'Strategy (English)': 'Equal weight',
      'Strategy (Japanese)': '均等',
      Holdings: '7203:0.5,7267:0.5',
      'Lock-up days': '30',
      'Minimum investment': '100000',
      Capacity: '50000000',
      Deadline: '2026-12-31T15:00+09:00',
    };
    expect(calls(api, '/admin/copyProducts')[0]!.form).toEqual({ page: '1', lang: 'en' });
    await fill(user, form, { ...values, Holdings: '7203:0.5,7267:0.4' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('The field Holdings is not valid.')).toBeInTheDocument();
    expect(calls(api, '/admin/copyProductCreate')).toHaveLength(0);

    await fill(user, form, { Holdings: '7203:0.5,7267:0.5' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls(api, '/admin/copyProductCreate')).toHaveLength(1));
    expect(calls(api, '/admin/copyProductCreate')[0]!.form).toMatchObject({
      market: 'jpy',
      name_en: 'Japan Autos',
      issuer_ja: 'カブAM',
      strategy_zh: '等权重',
      holdings: '7203:0.5,7267:0.5',
      lockup_days: '30',
      min_investment: '100000',
      capacity: '50000000',
      deadline: '2026-12-31T15:00+09:00',
    });
  });

  it('takes a product off the shelf after the confirmation', async () => {
    const api = copyApi();
    await renderRemote('/admin/copyProducts', { adapter: api, session: SESSION });
    const { user, pane } = await openRow('Copy-trading products', 8);
    await user.click(within(pane).getByRole('button', { name: 'Take off the shelf' }));
    expect(within(pane).getByText(/No new follows are taken/)).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Take off the shelf' }));
    await waitFor(() => expect(calls(api, '/admin/copyProductOffShelf')).toHaveLength(1));
    expect(calls(api, '/admin/copyProductOffShelf')[0]!.form).toEqual({ id: '8' });
  });

  it('hides the off-shelf action from an auditor', async () => {
    await renderRemote('/admin/copyProducts', { adapter: copyApi(['auditor']), session: SESSION });
    const { pane } = await openRow('Copy-trading products', 8);
    expect(within(pane).queryByRole('button', { name: 'Take off the shelf' })).not.toBeInTheDocument();
  });
});
