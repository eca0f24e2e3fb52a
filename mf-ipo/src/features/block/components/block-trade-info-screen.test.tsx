import { renderRemote } from '#testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, type FakeHandler } from 'shared/test-utils';
import { application, listing } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

// A whole screen through the real client on a shared, slow machine: more than jest's default 5 s per test.
jest.setTimeout(30_000);

/** /block/apply's answer for 12 lots of `listing()`: the server's message and the money held. */
const APPLIED = {
  status: 1,
  msg: 'block_applied',
  data: {
    id: 40,
    order_no: 'B20261124001',
    lots: 12,
    shares: '1200',
    amount: '3420000',
    held: '3420000',
    currency: 'JPY',
  },
};

function api(apply: FakeHandler = APPLIED, info = listing()) {
  return fakeApi({
    '/block/info': ok(info),
    '/block/apply': apply,
    '/block/applicationInfo': ok(application()),
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, lots = '12', channel = 'gate-7') {
  const lotsField = await screen.findByLabelText('Lots to buy (minimum 10)');
  await user.clear(lotsField);
  await user.type(lotsField, lots);
  await user.type(screen.getByLabelText('Channel password'), channel);
  await user.type(screen.getByLabelText('Fund password'), '123456');
}

describe('block trade detail', () => {
  it('shows every field of the listing', async () => {
    await renderRemote('/home/largeInfo?id=12', { adapter: api(), session });
    const card = (await screen.findByRole('heading', { name: 'Toyota Motor' })).closest('section')!;
    const row = (label: string) => plain(within(card).getByText(label).closest('div')!.textContent);
    expect(row('Code')).toBe('Code7203');
    expect(row('Market')).toBe('MarketJapan');
    expect(row('Kind')).toBe('KindStandard');
    expect(row('State')).toBe('StateOpen');
    expect(row('Block price')).toBe('Block price2,850.00 JPY');
    expect(row('Live price')).toBe('Live price3,000.00 JPY');
    expect(row('Discount / premium')).toBe('Discount / premiumDiscount 5.00%');
    expect(row('Shares per lot')).toBe('Shares per lot100');
    expect(row('Cost of one lot')).toBe('Cost of one lot285,000.00 JPY');
    expect(row('Minimum buy lots')).toBe('Minimum buy lots10');
    expect(row('Minimum application')).toBe('Minimum application2,850,000.00 JPY');
    expect(row('Lots offered')).toBe('Lots offered500');
    expect(row('Lots left')).toBe('Lots left320');
    expect(row('Trade deadline')).toContain('2026-12-01 15:00 JST · 06:00 your time');
    expect(row('Resale lock-up')).toBe(
      'Resale lock-up90 days after approval: if approved today, it can be sold from 2027-02-22',
    );
    expect(screen.getByText(/simulated/i)).toBeInTheDocument();
  });

  it('states the resale rule before applying: no sale during the lock-up, the discount no instant gain', async () => {
    await renderRemote('/home/largeInfo?id=12', { adapter: api(), session });
    const form = await screen.findByRole('form', { name: 'Apply' });
    expect(within(form).getByRole('note')).toHaveTextContent(
      'Resale rule: the shares of this block cannot be sold for 90 days after approval (from 2027-02-22 if ' +
        'approved today), so its discount is no instant gain',
    );
  });

  it.each([
    [listing({ lockup_days: 0, sellable_from_if_approved_today: null }), 'None: it can be sold once approved'],
    [
      listing({ market: 'cny', currency: 'CNY', lockup_days: 0, sellable_from_if_approved_today: '2026-11-25' }),
      'None beyond T+1: if approved today, it can be sold from 2026-11-25',
    ],
  ])('says when a listing has no lock-up (%#)', async (info, text) => {
    await renderRemote('/home/largeInfo?id=12', { adapter: api(ok(null), info), session });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['cn', '转售锁定期', '审核通过后 90 天内不可卖出：若今日通过，2027-02-22 起可卖出'],
    ['jp', '転売ロックアップ', '承認後 90 日間は売却不可：本日承認なら 2027-02-22 から売却可能'],
  ] as const)('states the lock-up in %s', async (language, label, text) => {
    await renderRemote('/home/largeInfo?id=12', { adapter: api(), session: { ...session, language } });
    expect((await screen.findByText(label)).closest('div')).toHaveTextContent(text);
  });

  it('says "1 share per lot" for a lot of one share, and groups the lots left', async () => {
    await renderRemote('/home/largeInfo?id=12', {
      adapter: api(ok(null), listing({ lot_size: 1, lots_left: 1200 })),
      session,
    });
    expect(await screen.findByText('1 share per lot · 1,200 lots left')).toBeInTheDocument();
  });

  it('says "1 lot left" when one lot is left', async () => {
    await renderRemote('/home/largeInfo?id=12', { adapter: api(ok(null), listing({ lots_left: 1 })), session });
    expect(await screen.findByText('100 shares per lot · 1 lot left')).toBeInTheDocument();
  });

  it('works out the cost as the lots are typed: lots × lot size × block price', async () => {
    const user = userEvent.setup();
    await renderRemote('/home/largeInfo?id=12', { adapter: api(), session });
    const cost = await screen.findByRole('status', { name: 'Cost' });
    expect(cost).toHaveTextContent('2,850,000.00 JPY');
    const lots = screen.getByLabelText('Lots to buy (minimum 10)');
    await user.clear(lots);
    await user.type(lots, '25');
    expect(cost).toHaveTextContent('7,125,000.00 JPY');
    await user.clear(lots);
    expect(cost).toHaveTextContent('—');
  });

  it('applies with lots, channel password and fund password under an Idempotency-Key, then reports it', async () => {
    const user = userEvent.setup();
    const fake = api();
    const view = await renderRemote('/home/largeInfo?id=12', { adapter: fake, session });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The result (issue 35): the server's message (block_applied) and what it answered, not a toast.
    const sheet = await screen.findByRole('dialog', {
      name: 'Application submitted. The amount is frozen until it is reviewed.',
    });
    const call = fake.calls.find((c) => c.url === '/block/apply')!;
    expect(call.form).toEqual({ id: '12', lots: '12', channel_password: 'gate-7', fund_password: '123456' });
    expect(call.headers['idempotency-key']).toBeTruthy();
    expect(view.host.toasts).toEqual([]);
    expect(sheet).toHaveTextContent('StockToyota Motor (7203)');
    expect(plain(sheet.textContent)).toContain('Lots12 lots · 1,200 shares');
    expect(plain(sheet.textContent)).toContain('Frozen now3,420,000.00 JPY');
    expect(sheet).toHaveTextContent('Order no.B20261124001');
    expect(sheet).toHaveTextContent('ReviewPending review');
    expect(sheet).toHaveTextContent('The money held stays frozen until the application is reviewed');
    // The amount equals the money held for a standard block: one row.
    expect(within(sheet).queryByText('Amount')).toBeNull();
    // Where to see it: the application.
    await user.click(within(sheet).getByRole('button', { name: 'See the application' }));
    expect(await screen.findByRole('heading', { name: 'Block-trade application' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/home/large4');
    expect(view.router.state.location.search).toBe('?id=40');
  });

  it('keeps the result when the application took the last lots and the listing closed', async () => {
    const user = userEvent.setup();
    const fake = api(() => {
      fake.set('/block/info', ok(listing({ state: 'closed', closed_reason: 'sold_out', lots_left: 0 })));
      return APPLIED;
    });
    const view = await renderRemote('/home/largeInfo?id=12', { adapter: fake, session });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const sheet = await screen.findByRole('dialog', {
      name: 'Application submitted. The amount is frozen until it is reviewed.',
    });
    expect(await screen.findByText('Every lot is taken')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Apply' })).toBeNull();
    expect(screen.getByRole('dialog')).toBe(sheet);
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.router.state.location.pathname).toBe('/home/largeInfo');
  });

  it('refuses fewer lots than the minimum before sending', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/home/largeInfo?id=12', { adapter: fake, session });
    await fill(user, '5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByLabelText('Lots to buy (minimum 10)')).toHaveAccessibleDescription(
      'The minimum purchase, in lots, is 10.',
    );
    expect(fake.calls.some((c) => c.url === '/block/apply')).toBe(false);
  });

  it('shows a wrong channel password with the tries left today', async () => {
    const user = userEvent.setup();
    const wrong = { status: 0, msg: 'channel_password_wrong', field: 'channel_password', values: { left: '3' } };
    await renderRemote('/home/largeInfo?id=12', { adapter: api(wrong), session });
    await fill(user, '12', 'guess');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The channel password is wrong.');
    expect(alert).toHaveTextContent('Tries left today: 3.');
  });

  it('says until when wrong channel passwords locked the listing, in the market clock', async () => {
    const user = userEvent.setup();
    const until = '2026-12-01T14:59:59.999Z';
    const lock = { status: 0, msg: 'channel_password_locked', field: 'channel_password', values: { until } };
    const fake = api(lock);
    await renderRemote('/home/largeInfo?id=12', { adapter: fake, session });
    await fill(user, '12', 'guess');
    fake.set('/block/info', ok(listing({ locked_until: until })));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(plain(alert.textContent)).toContain(
      'this block trade is locked for you until 2026-12-01 23:59 JST · 14:59 your time.',
    );
    // The listing read again carries the lock: the form says so and takes no application until then.
    expect(plain((await screen.findByText(/^Too many wrong channel passwords: you can/)).textContent)).toBe(
      'Too many wrong channel passwords: you can apply again after 2026-12-01 23:59 JST · 14:59 your time.',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it.each([
    ['block_trade_closed', {}, 'This block trade is closed.', { link: 'See open block trades', to: '/home/large' }],
    ['insufficient_buy_quota', { left: '8' }, 'Only 8 lots left.', {}],
    ['insufficient_buy_quota', { left: '1' }, 'Only 1 lot left.', {}],
    [
      'order_under_review',
      {},
      'Your order is under review. Please wait.Your application for this listing is waiting',
      {},
    ],
    ['insufficient_balance', {}, 'Insufficient balance.', { link: 'Deposit', to: '/mine/stored' }],
  ] as const)('shows the refusal %s with its way out', async (key, values, message, way) => {
    const user = userEvent.setup();
    await renderRemote('/home/largeInfo?id=12', { adapter: api({ status: 0, msg: key, values }), session });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    if ('link' in way) expect(within(alert).getByRole('link', { name: way.link })).toHaveAttribute('href', way.to);
    else expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('takes no application for a closed listing and says why', async () => {
    const closed = listing({ state: 'closed', closed_reason: 'deadline' });
    await renderRemote('/home/largeInfo?id=12', { adapter: api(undefined, closed), session });
    expect(await screen.findByText('The deadline has passed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Channel password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See block trades' })).toHaveAttribute('href', '/home/large');
  });

  it('leaves no Chinese or Japanese text in English', async () => {
    const financing = listing({
      variant: 'financing',
      financed_pct: '50',
      financing_rate_pct: '2.8',
      financing_days: 30,
    });
    await renderRemote('/home/largeInfo?id=12', { adapter: api(undefined, financing), session });
    await screen.findByRole('status', { name: 'Cost' });
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]/);
  });

  it('asks for a listing when none is given', async () => {
    await renderRemote('/home/largeInfo', { adapter: api(), session });
    expect(await screen.findByText('No listing selected')).toBeInTheDocument();
  });

  it('works out a financing application: financed and own parts, the fee for its days, the hold', async () => {
    const user = userEvent.setup();
    const financing = listing({
      variant: 'financing',
      financed_pct: '50.00',
      financing_rate_pct: '2.80',
      financing_days: 30,
      leverage: 2,
    });
    await renderRemote('/home/largeInfo?id=12', { adapter: api(undefined, financing), session });
    const figures = await screen.findByLabelText('Financing');
    const row = (label: string) => within(figures).getByText(label).closest('div')!;
    expect(row('Financed by the house')).toHaveTextContent('1,425,000.00 JPY');
    expect(row('Your part')).toHaveTextContent('1,425,000.00 JPY');
    // 1,425,000 × 2.8 % × 30 ÷ 365 = 3,279.45…, rounded down to the yen.
    expect(row('Financing fee (2.80% a year, 30 days)')).toHaveTextContent('3,279.00 JPY');
    expect(row('Held when you apply')).toHaveTextContent('1,428,279.00 JPY');
    const lots = screen.getByLabelText('Lots to buy (minimum 10)');
    await user.clear(lots);
    await user.type(lots, '11');
    expect(row('Held when you apply')).toHaveTextContent('1,571,107.00 JPY');
    expect(screen.getByText('Leverage').closest('div')).toHaveTextContent('2×');
  });

  it('asks for the leverage risk disclosure on a financing block, then sends the same application again', async () => {
    const user = userEvent.setup();
    const financing = listing({
      variant: 'financing',
      financed_pct: '50',
      financing_rate_pct: '2.8',
      financing_days: 30,
    });
    let applied = 0;
    // 12 lots of 285,000 at 2×: the user's half, 1,710,000, and 30 days at 2.8 % on the other half, 3,935.34.
    const financed = { ...APPLIED.data, held: '1713935.34' };
    const fake = api(
      () =>
        ++applied === 1
          ? { status: 0, msg: 'risk_disclosure_required' }
          : { status: 1, msg: 'block_applied', data: financed },
      { ...financing, leverage: 2 },
    );
    const disclosure = { version: 3, title: 'Leverage risks', text: 'Losses can exceed.', acknowledged: false };
    fake.set('/trade/riskDisclosure', ok({ ...disclosure, acknowledged_at: null }));
    fake.set('/trade/riskAck', ok({ version: 3, acknowledged_at: '2026-11-24T01:00:00.000Z' }));
    const view = await renderRemote('/home/largeInfo?id=12', { adapter: fake, session });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leverage risks' });
    expect(dialog).toHaveTextContent('Losses can exceed.');
    await user.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));
    const sheet = await screen.findByRole('dialog', {
      name: 'Application submitted. The amount is frozen until it is reviewed.',
    });
    // A financing block holds less than its amount: both are shown.
    expect(plain(sheet.textContent)).toContain('Amount3,420,000.00 JPY');
    expect(plain(sheet.textContent)).toContain('Frozen now1,713,935.34 JPY');
    expect(view.host.toasts).not.toContain('Application submitted. The amount is frozen until it is reviewed.');
    expect(fake.calls.find((c) => c.url === '/trade/riskAck')?.form).toEqual({ kind: 'leverage', version: '3' });
    const applies = fake.calls.filter((c) => c.url === '/block/apply');
    // Accepted: the same application sent once more (same body, same Idempotency-Key), two calls in all.
    expect(applies).toHaveLength(2);
    expect(applies[1]!.form).toEqual(applies[0]!.form);
    expect(applies[1]!.headers['idempotency-key']).toBe(applies[0]!.headers['idempotency-key']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['cn', '买入手数（最低 10 手）', '通道密码', '资金密码', '所需金额'],
    ['jp', '申込口数（最低 10 口）', 'チャネルパスワード', '取引暗証番号', '必要金額'],
  ] as const)('has its form in %s', async (language, lots, channel, fund, cost) => {
    await renderRemote('/home/largeInfo?id=12', { adapter: api(), session: { ...session, language } });
    expect(await screen.findByLabelText(lots)).toBeInTheDocument();
    expect(screen.getByLabelText(channel)).toBeInTheDocument();
    expect(screen.getByLabelText(fund)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: cost })).toHaveTextContent('2,850,000.00 JPY');
  });
});
