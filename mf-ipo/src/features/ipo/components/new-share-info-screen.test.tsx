import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { application, CONTRIBUTION, DEVICE_PART, issue, SERVER_PART, verificationBefore } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const info = (overrides: Record<string, unknown> = {}) =>
  ok({ issue: issue(), application: null, verification: verificationBefore, ...overrides });

/** /user/getUserinfo of the JPY market: 300,000 available. */
const USER_INFO = {
  account: '0012345678',
  currency: 'JPY',
  jpy: '300000',
  jpyyjed: '0',
  frozen: '0',
  total: '300000',
  ccsz: '0',
  fdyk: '0',
  realname_status: 'verified',
  has_fund_password: true,
  unread_messages: 0,
};

const valueOf = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('new-share detail', () => {
  it('shows every spec §3 field, and "—" with the reason for what is published later', async () => {
    const api = fakeApi({ '/ipo/info': info() });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });

    const card = (await screen.findByRole('heading', { name: 'QPS Research (5595)' })).closest('section')!;
    expect(valueOf(card, 'Subscription price')).toHaveTextContent('1,200.00 JPY');
    expect(valueOf(card, 'Issue price')).toHaveTextContent('1,200.00 JPY');
    expect(valueOf(card, 'Market price')).toHaveTextContent(/^—$/);
    expect(valueOf(card, 'Premium')).toHaveTextContent(/^—$/);
    expect(valueOf(card, 'Hit rate')).toHaveTextContent(/^—$/);
    expect(valueOf(card, 'P/E ratio')).toHaveTextContent('18.4');
    expect(valueOf(card, 'Subscription cap')).toHaveTextContent('500 shares');
    expect(valueOf(card, 'Issue size')).toHaveTextContent('1,000 shares');
    expect(valueOf(card, 'Underwriter')).toHaveTextContent('Nomura Securities');
    expect(valueOf(card, 'Lock-up')).toHaveTextContent('90 days');
    expect(valueOf(card, 'Draw date')).toHaveTextContent(/2026-11-27.*10:00.JST/);
    for (const label of ['Listing date', 'Distribution date', 'Payment deadline', 'Subscription window'])
      expect(valueOf(card, label)).toHaveTextContent(/JST/);
    expect(within(card).getByText(/Market price and premium come from the market data once the stock lists/));
    expect(within(card).getByText(/The hit rate \(allotted ÷ applied lots\) is published after the draw/));
    expect(api.calls[0]).toMatchObject({ url: '/ipo/info', form: { id: '7', lang: 'us' } });
  });

  it('dates both ends of the window, even a start today, groups quantities and counts in the singular', async () => {
    const opens = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(opens);
    const big = issue({
      opens_at: opens.toISOString(),
      subscription_cap: '1000000',
      issue_size: '12500000',
      lot_size: 1,
      lockup_days: 1,
    });
    const api = fakeApi({ '/ipo/info': info({ issue: big }) });
    const view = await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });

    const card = (await screen.findByRole('heading', { name: 'QPS Research (5595)' })).closest('section')!;
    const window = (valueOf(card, 'Subscription window').textContent ?? '').replace(/\u00a0/g, ' ');
    expect(window).toMatch(new RegExp(`^${today} \\d{2}:\\d{2} JST.* – 2026-11-26 15:00 JST`));
    expect(valueOf(card, 'Issue size')).toHaveTextContent(/^12,500,000 shares$/);
    expect(valueOf(card, 'Subscription cap')).toHaveTextContent(/^1,000,000 shares$/);
    expect(valueOf(card, 'Lot size')).toHaveTextContent(/^1 share$/);
    expect(valueOf(card, 'Lock-up')).toHaveTextContent(/^1 day$/);
    const form = screen.getByRole('form', { name: 'Subscribe' });
    expect(form).toHaveTextContent('Whole lots of 1 share, up to 1,000,000 shares (1,000,000 lots).');
    expect(form).toHaveTextContent('Amount for 1 share1,200.00');
    view.unmount();

    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session: { ...session, language: 'jp' } });
    const ja = (await screen.findByRole('heading', { name: 'QPS Research (5595)' })).closest('section')!;
    expect(ja).toHaveTextContent('12,500,000 株');
  });

  it('leaves no Chinese on the screen in English, and reads in Japanese in ja', async () => {
    const won = application({ state: 'won', allotted_quantity: '100' });
    const api = fakeApi({ '/ipo/info': info({ application: won }) });
    const view = await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    await screen.findByRole('heading', { name: 'My subscription' });
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    view.unmount();

    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session: { ...session, language: 'jp' } });
    const mine = (await screen.findByRole('heading', { name: '自分の申込' })).closest('section')!;
    expect(mine).toHaveTextContent('当選・購入手続き待ち');
    expect(within(mine).getByRole('button', { name: '購入する' })).toBeEnabled();
    expect(screen.getByText('抽選のしくみ')).toBeInTheDocument();
  });

  it('says the issue was not found when the server refuses the id', async () => {
    const api = fakeApi({ '/ipo/info': refused('new_share_not_found') });
    await renderRemote('/home/newShareInfo?id=99', { adapter: api, session });
    expect(await screen.findByText('No issue selected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See new shares' })).toHaveAttribute('href', '/home/newShare');
  });

  it('subscribes in lots, showing price × quantity as it is typed, with an Idempotency-Key', async () => {
    const api = fakeApi({
      '/ipo/info': info(),
      '/user/getUserinfo': ok(USER_INFO),
      '/ipo/subscribe': () => {
        api.set('/ipo/info', info({ application: application() }));
        return { status: 1, msg: 'subscribe_success', data: application() };
      },
    });
    const view = await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });

    const form = await screen.findByRole('form', { name: 'Subscribe' });
    expect(form).toHaveTextContent('Whole lots of 100 shares, up to 500 shares (5 lots).');
    const lots = within(form).getByLabelText('Lots');
    expect(form).toHaveTextContent('Amount for 100 shares120,000.00');
    await userEvent.clear(lots);
    await userEvent.type(lots, '3');
    expect(form).toHaveTextContent('Amount for 300 shares360,000.00');
    // The available balance before subscribing (the issue's market), and a note when the amount exceeds it.
    expect(form).toHaveTextContent('Available balance300,000.00 JPY');
    expect(api.calls.find((c) => c.url === '/user/getUserinfo')?.form).toEqual({ type: 'jpy' });
    expect(within(form).getByRole('note')).toHaveTextContent('More than your available balance');
    await userEvent.clear(lots);
    await userEvent.type(lots, '2');
    expect(within(form).queryByRole('note')).toBeNull();
    await userEvent.clear(lots);
    await userEvent.type(lots, '3');
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(api.calls.some((c) => c.url === '/ipo/subscribe')).toBe(true));
    const call = api.calls.find((c) => c.url === '/ipo/subscribe')!;
    // The device part of the application's contribution: 32 random bytes of this browser, in hex.
    const { contribution, ...rest } = call.form;
    // The answer names the stock in the reader's language.
    expect(rest).toEqual({ id: '7', quantity: '300', fund_password: '246810', lang: 'us' });
    expect(contribution).toMatch(/^[0-9a-f]{64}$/);
    expect(call.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    // The result (issue 35): the server's message (subscribe_success) and what it answered, not the screen's toast;
    // it stays while the screen reads the issue again and the form gives way to the subscription.
    const sheet = await screen.findByRole('dialog', { name: 'Subscription successful.' });
    expect(sheet).toHaveTextContent('StockQPS Research (5595)');
    expect(sheet).toHaveTextContent('Subscription quantity300 shares (3 lots)');
    expect(sheet).toHaveTextContent('Held until the draw360,000.00 JPY');
    expect(sheet).toHaveTextContent('Order numberN20261124000031');
    expect(sheet).toHaveTextContent('Application number3');
    expect(sheet).toHaveTextContent('The amount stays frozen until the draw, 2026-11-27 10:00');
    expect(view.host.toasts).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Subscribe' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Subscription successful.' })).toBe(sheet);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const mine = (await screen.findByRole('heading', { name: 'My subscription' })).closest('section')!;
    expect(mine).toHaveTextContent('Awaiting the draw');
    // The receipt shows the contribution and, on demand, its two parts.
    expect(valueOf(mine, 'Your contribution to the draw')).toHaveTextContent(CONTRIBUTION);
    expect(valueOf(mine, 'From your device')).toHaveTextContent(DEVICE_PART);
    expect(valueOf(mine, 'From the server')).toHaveTextContent(SERVER_PART);
    expect(valueOf(mine, 'Subscription quantity')).toHaveTextContent('300 shares (3 lots)');
    expect(valueOf(mine, 'Held now')).toHaveTextContent('360,000.00 JPY');
    expect(screen.queryByRole('form', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it("leads from the subscription's result to the user's subscriptions of the market", async () => {
    const api = fakeApi({
      '/ipo/info': info(),
      '/ipo/subscribe': () => {
        api.set('/ipo/info', info({ application: application() }));
        return { status: 1, msg: 'subscribe_success', data: application() };
      },
      '/trade/usernewstocklist': ok([]),
    });
    const view = await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Subscribe' });
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    const sheet = await screen.findByRole('dialog', { name: 'Subscription successful.' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'See my subscriptions' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/mine/newShareOrder'));
    expect(view.router.state.location.search).toBe('?market=jpy&tab=records');
  });

  it.each([
    ['cn', '申购成功', '冻结至抽签'],
    ['jp', '申込を受け付けました。', '抽選まで拘束'],
  ] as const)('reports a subscription in %s', async (language, title, held) => {
    const api = fakeApi({
      '/ipo/info': info(),
      '/ipo/subscribe': { status: 1, msg: 'subscribe_success', data: application() },
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session: { ...session, language } });
    const form = await screen.findByRole('form');
    await userEvent.type(within(form).getByLabelText(language === 'cn' ? '资金密码' : '取引暗証番号'), '246810');
    await userEvent.click(within(form).getByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: title });
    expect(sheet).toHaveTextContent(held);
    expect(sheet).toHaveTextContent('N20261124000031');
  });

  it('refuses more lots than the cap before sending, and shows a server refusal under the field', async () => {
    const api = fakeApi({
      '/ipo/info': info(),
      '/ipo/subscribe': { status: 0, msg: 'subscription_cap_exceeded', field: 'quantity', values: { cap: '500' } },
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Subscribe' });
    const lots = within(form).getByLabelText('Lots');
    await userEvent.clear(lots);
    await userEvent.type(lots, '6');
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await within(form).findByText('The quantity is above the subscription cap (500).')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/ipo/subscribe')).toBe(false);

    await userEvent.clear(lots);
    await userEvent.type(lots, '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/ipo/subscribe')).toBe(true));
    expect(lots).toHaveAccessibleDescription('The quantity is above the subscription cap (500).');
  });

  it("shows a second subscription refused inline with the way to the user's subscriptions", async () => {
    const api = fakeApi({ '/ipo/info': info(), '/ipo/subscribe': refused('new_share_once') });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Subscribe' });
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('A new share can be subscribed only once.');
    expect(within(alert).getByRole('link', { name: 'See my subscriptions' })).toHaveAttribute(
      'href',
      '/mine/newShareOrder',
    );
  });

  it('shows a short balance inline with the way to deposit, and a wrong password under its field', async () => {
    const api = fakeApi({ '/ipo/info': info(), '/ipo/subscribe': refused('insufficient_balance') });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Subscribe' });
    const password = within(form).getByLabelText('Fund password');
    await userEvent.type(password, '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/mine/stored');

    api.set('/ipo/subscribe', refused('fund_password_wrong'));
    await userEvent.type(password, '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The fund (trading) password is wrong.'));
  });

  it('asks for the risk disclosure when the server needs it, then sends the same subscription again', async () => {
    let acknowledged = false;
    const api = fakeApi({
      '/ipo/info': info(),
      '/ipo/subscribe': () => (acknowledged ? ok(application()) : refused('risk_disclosure_required')),
      '/trade/riskDisclosure': ok({
        version: 2,
        title: 'New shares: risks',
        text: 'The first price may be below the issue price.\n\nLots are drawn.',
        acknowledged: false,
        acknowledged_at: null,
      }),
      '/trade/riskAck': () => {
        acknowledged = true;
        return ok({ version: 2, acknowledged_at: '2026-11-24T01:00:00.000Z' });
      },
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Subscribe' });
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'New shares: risks' });
    expect(dialog).toHaveTextContent('The first price may be below the issue price.');
    // While the disclosure is asked, the refusal it answers is not shown on the form too.
    expect(within(form).queryByText(/risk disclosure/i)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));
    // Accepted: the same subscription is sent once more (two calls in all) and its result is shown.
    expect(await screen.findByRole('dialog', { name: 'Subscription sent.' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/ipo/subscribe')).toHaveLength(2);
    expect(api.calls.find((c) => c.url === '/trade/riskDisclosure')?.form).toMatchObject({ kind: 'new_share' });
    expect(api.calls.find((c) => c.url === '/trade/riskAck')?.form).toEqual({ kind: 'new_share', version: '2' });
    const [first, second] = api.calls.filter((c) => c.url === '/ipo/subscribe');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });
});

describe('answering an allotment', () => {
  const won = application({
    state: 'won',
    allotted_quantity: '200',
    issue_state: 'subscribing',
    drawn_at: '2026-11-27T01:00:00.000Z',
  });
  const wonInfo = () => info({ issue: issue({ state: 'subscribing', drawn: true }), application: won });

  it('confirms only after the dialog, with the fund password, and shows the state the server answers', async () => {
    const api = fakeApi({
      '/ipo/info': wonInfo(),
      '/ipo/confirm': () => {
        const paid = { ...won, state: 'subscribed', paid_amount: '240000', rjmoney: '240000' };
        api.set('/ipo/info', info({ issue: issue({ state: 'subscribing', drawn: true }), application: paid }));
        return { status: 1, msg: 'purchase_success', data: paid };
      },
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const mine = (await screen.findByRole('heading', { name: 'My subscription' })).closest('section')!;
    expect(mine).toHaveTextContent('Won: payment due');
    expect(valueOf(mine, 'Payment due')).toHaveTextContent('240,000.00 JPY');

    await userEvent.click(within(mine).getByRole('button', { name: 'Confirm and pay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay for your allotment?' });
    expect(dialog).toHaveTextContent('You buy 200 shares of 5595 at the issue price, for 240,000.00 JPY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await within(dialog).findByText('Enter your fund password.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));

    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/ipo/confirm')?.form).toEqual({
        id: '31',
        fund_password: '246810',
        lang: 'us',
      }),
    );
    expect(api.calls.find((c) => c.url === '/ipo/confirm')!.headers['idempotency-key']).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The result: the server's message (purchase_success) and what it answered, not a toast of the screen's own.
    const sheet = await screen.findByRole('dialog', { name: 'Purchase successful.' });
    expect(sheet).toHaveTextContent('StockQPS Research (5595)');
    expect(sheet).toHaveTextContent('Allotted quantity200 shares');
    expect(sheet).toHaveTextContent('Paid240,000.00 JPY');
    expect(sheet).toHaveTextContent('N20261124000031');
    expect(sheet).toHaveTextContent('the shares arrive in your positions at the listing, 2026-12-03 09:00');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
  });

  it('reads one lot and one share in the singular', async () => {
    const one = { ...won, quantity: '1', units: 1, allotted_quantity: '1' };
    const api = fakeApi({
      '/ipo/info': info({ issue: issue({ state: 'subscribing', drawn: true }), application: one }),
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const mine = (await screen.findByRole('heading', { name: 'My subscription' })).closest('section')!;
    expect(valueOf(mine, 'Subscription quantity')).toHaveTextContent(/^1 share \(1 lot\)$/);
    expect(valueOf(mine, 'Allotted quantity')).toHaveTextContent(/^1 share$/);
    await userEvent.click(within(mine).getByRole('button', { name: 'Confirm and pay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay for your allotment?' });
    expect(dialog).toHaveTextContent('You buy 1 share of 5595 at the issue price, for');
  });

  it('shows a wrong fund password inline in the dialog', async () => {
    const api = fakeApi({ '/ipo/info': wonInfo(), '/ipo/confirm': refused('fund_password_wrong') });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Fund password'), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The fund (trading) password is wrong.');
    expect(within(alert).getByRole('link', { name: 'Reset fund password' })).toHaveAttribute(
      'href',
      '/mine/fundPassword',
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('declines only after the confirmation, and the funds read as returned', async () => {
    const api = fakeApi({
      '/ipo/info': wonInfo(),
      '/ipo/decline': () => {
        const abstained = { ...won, state: 'abstained', status: 3, rjmoney: '-' };
        api.set('/ipo/info', info({ issue: issue({ state: 'subscribing', drawn: true }), application: abstained }));
        return ok(abstained);
      },
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline your allotment?' });
    expect(api.calls.some((c) => c.url === '/ipo/decline')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline allotment' }));

    // In the reader's language (the answer names the stock in it).
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/ipo/decline')?.form).toEqual({ id: '31', lang: 'us' }),
    );
    // A result sheet, not a toast: what was given up, what came back, the order number.
    const done = 'Allotment declined; the funds are back in your balance.';
    const sheet = await screen.findByRole('dialog', { name: done });
    expect(within(sheet).getByText('QPS Research (5595)')).toBeInTheDocument();
    expect(within(sheet).getByText('Returned to your balance').nextElementSibling).toHaveTextContent('360,000');
    expect(within(sheet).getByText('N20261124000031')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: /Done|OK|Close/ }));
    expect(await screen.findByText('Abstained')).toBeInTheDocument();
    expect(screen.getByText(/the amount held is back in your available balance/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm and pay' })).not.toBeInTheDocument();
  });

  it('says a listed allotment is in the positions, not that shares will arrive; date rows keep dates', async () => {
    // Listed today: the listing row and the hint still carry today's date ("listing day 09:00 JST" lost it).
    const listedAt = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(listedAt);
    const listed = application({
      listing_at: listedAt.toISOString(),
      state: 'subscribed',
      status: 4,
      allotted_quantity: '200',
      paid_amount: '240000',
      rjmoney: '-',
      issue_state: 'ended',
      drawn_at: '2026-11-27T01:00:00.000Z',
    });
    const api = fakeApi({
      '/ipo/info': info({
        issue: issue({ state: 'ended', drawn: true, listing_at: listedAt.toISOString() }),
        application: listed,
      }),
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const mine = (await screen.findByRole('heading', { name: 'My subscription' })).closest('section')!;
    expect(mine).toHaveTextContent('Listed: in your positions');
    expect(mine).toHaveTextContent(`The issue listed on ${today} `);
    expect(mine).not.toHaveTextContent('join your positions on the listing day');
    const card = (await screen.findByRole('heading', { name: 'QPS Research (5595)' })).closest('section')!;
    expect(valueOf(card, 'Listing date')).toHaveTextContent(new RegExp(`^${today} \\d{2}:\\d{2}`));
    expect(valueOf(card, 'Distribution date')).toHaveTextContent('2026-12-02');
    expect(valueOf(card, 'Draw date')).toHaveTextContent('2026-11-27');
  });
});
