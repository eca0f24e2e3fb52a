import { renderRemote } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, networkDown, ok, refused, type FakeHandler } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
/** The server answers the receiving accounts in the requested language (`lang`). */
const channelsIn = (lang: string | undefined) => ({
  channels: [
    lang === 'ja'
      ? {
          id: 'jp-mufg',
          currency: 'JPY',
          account_name: 'カブショウケン（カ',
          account_type: 'ordinary',
          account_number: '1234567',
          bank: '三菱UFJ銀行 (0005)',
          branch: '本店 (001)',
        }
      : {
          id: 'jp-mufg',
          currency: 'JPY',
          account_name: 'Kabu Shoken K.K.',
          account_type: 'ordinary',
          account_number: '1234567',
          bank: 'MUFG Bank (0005)',
          branch: 'Head Office (001)',
        },
    {
      id: 'us-chase',
      currency: 'USD',
      account_name: 'Kabu Securities',
      account_type: 'checking',
      account_number: '000123456789',
      bank: 'JPMorgan Chase',
      branch: 'New York',
    },
  ],
  max: '500000',
  hours: '00:00-23:59',
});
const pending = {
  id: 7,
  order_no: 'D20260105000007',
  currency: 'JPY',
  amount: '120000',
  status: 'pending',
  reject_reason: null,
  created_at: '2026-01-05T01:00:00.000Z',
  reviewed_at: null,
  proof_id: 'proof7proof7proof7proof7',
};
const PROOF_URL = 'data:image/png;base64,iVBORw0KGgo=';
const rejected = {
  ...pending,
  id: 6,
  order_no: 'D20260104000006',
  status: 'rejected',
  reject_reason: 'The proof is unreadable',
};

function api(deposit: FakeHandler = ok({ id: 8, order_no: 'D1' })) {
  return fakeApi({
    '/funds/channels': (form: Record<string, string>) => ok(channelsIn(form.lang)),
    '/funds/deposits': ok([pending, rejected]),
    '/funds/deposit': deposit,
  });
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Amount (JPY)'), '120000');
  await user.upload(
    screen.getByLabelText('Transfer proof (screenshot)'),
    new File(['png'], 'proof.png', { type: 'image/png' }),
  );
}

describe('deposit screen', () => {
  it('sends a multipart deposit with the proof and an Idempotency-Key, then says it was submitted', async () => {
    const user = userEvent.setup();
    const fake = api();
    const view = await renderRemote('/mine/deposit', { adapter: fake, session });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));

    await waitFor(() => expect(fake.calls.some((c) => c.url === '/funds/deposit')).toBe(true));
    const call = fake.calls.find((c) => c.url === '/funds/deposit')!;
    expect(call.form).toEqual({ amount: '120000', currency: 'JPY', channel_id: 'jp-mufg', proof: '[file]' });
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    // The server's answer in a sheet that stays: the order number, the amount, the proof uploaded, pending review.
    const sheet = await screen.findByRole('dialog', { name: 'Deposit submitted.' });
    expect(sheet).toHaveTextContent('D1');
    expect(sheet).toHaveTextContent('120,000.00 JPY');
    expect(sheet).toHaveTextContent('Upload successful.');
    expect(sheet).toHaveTextContent('Pending review');
    expect(view.host.toasts).not.toContain('Deposit submitted.');
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "verify first" with the way there, neither accounts nor form, to an unverified user', async () => {
    const fake = fakeApi({
      '/funds/channels': ok({ channels: [], max: '500000', hours: '00:00-23:59', verify_first: 'realname_required' }),
      '/funds/deposits': ok([]),
    });
    await renderRemote('/mine/deposit', { adapter: fake, session });
    expect(await screen.findByText('Verify your identity first')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/mine/verified');
    expect(screen.queryByLabelText('Amount (JPY)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transfer proof (screenshot)')).not.toBeInTheDocument();
  });

  it('says "verify first" on /mine/stored too, after a rejected check: submit again', async () => {
    const fake = fakeApi({
      '/funds/channels': ok({ channels: [], max: '500000', hours: '00:00-23:59', verify_first: 'realname_failed' }),
    });
    await renderRemote('/mine/stored', { adapter: fake, session });
    expect(await screen.findByText('Verify your identity first')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Correct the details and submit them again.');
    expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
  });

  it('reuses the same Idempotency-Key when the submission is retried after a network error', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fake = api(() => (++attempts === 1 ? networkDown() : ok({ id: 8, order_no: 'D1' })));
    await renderRemote('/mine/deposit', { adapter: fake, session });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(attempts).toBe(1));
    // No answer: the proof did not get through, the form was not submitted (spec §9's client messages).
    expect(await screen.findByText('Upload failed.')).toBeInTheDocument();
    expect(screen.getByText('Submission failed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit deposit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(attempts).toBe(2));

    const keys = fake.calls.filter((c) => c.url === '/funds/deposit').map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new key for the next deposit after a success', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/mine/deposit', { adapter: fake, session });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(screen.getByLabelText('Amount (JPY)')).toHaveValue(''));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.url === '/funds/deposit')).toHaveLength(2));
    const [first, second] = fake.calls
      .filter((c) => c.url === '/funds/deposit')
      .map((c) => c.headers['idempotency-key']);
    expect(second).not.toBe(first);
  });

  it('checks the form as the server does before sending: amount, maximum and proof', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/mine/deposit', { adapter: fake, session });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Enter an amount.')).toBeInTheDocument();
    expect(screen.getByText('Upload a screenshot of the transfer proof.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (JPY)'), '600000');
    expect(await screen.findByText('A single deposit cannot exceed 500,000 JPY.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount (JPY)'));
    await user.type(screen.getByLabelText('Amount (JPY)'), '100.5');
    expect(await screen.findByText('The amount is not valid.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/funds/deposit')).toBe(false);
  });

  it('refuses a proof the server would refuse under the picker, and lets a chosen one be removed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fake = api();
    await renderRemote('/mine/deposit', { adapter: fake, session });
    const picker = await screen.findByLabelText('Transfer proof (screenshot)');
    await user.upload(picker, new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Only JPEG, PNG and WebP images are accepted.')).toBeInTheDocument();
    await user.upload(picker, new File(['png'], 'proof.png', { type: 'image/png' }));
    expect(screen.getByText('proof.png')).toBeInTheDocument();
    expect(screen.queryByText('Only JPEG, PNG and WebP images are accepted.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('proof.png')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/funds/deposit')).toBe(false);
  });

  it.each([
    ['realname_required', 'Verify your identity', '/mine/verified'],
    ['bank_card_required', 'Bind a bank card', '/mine/bankAdd'],
  ])('shows the refusal %s with its way out', async (key, action, to) => {
    const user = userEvent.setup();
    await renderRemote('/mine/deposit', { adapter: api(refused(key)), session });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: action })).toHaveAttribute('href', to);
  });

  it('shows deposit_pending with where the earlier deposit is', async () => {
    const user = userEvent.setup();
    await renderRemote('/mine/deposit', { adapter: api(refused('deposit_pending')), session });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A deposit is already pending review.');
    expect(alert).toHaveTextContent('Your earlier deposit is listed under Deposit records');
  });

  it('lists deposits with their review state and a rejection’s reason', async () => {
    await renderRemote('/mine/deposit', { adapter: api(), session });
    const list = await screen.findByRole('list', { name: 'Deposit records' });
    expect(within(list).getByText('Pending review')).toBeInTheDocument();
    expect(within(list).getByText('Rejected')).toBeInTheDocument();
    expect(within(list).getByText('Reason: The proof is unreadable')).toBeInTheDocument();
    expect(within(list).getAllByText('120,000.00')).toHaveLength(2);
  });

  it('shows the owner’s transfer proof of a deposit on request, fetched through /user/image', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      '/funds/channels': (form: Record<string, string>) => ok(channelsIn(form.lang)),
      '/funds/deposits': ok([pending]),
      '/user/image': (form: Record<string, string>) => ok({ id: form.id, mime: 'image/png', data_url: PROOF_URL }),
    });
    await renderRemote('/mine/deposit', { adapter: fake, session });
    const list = await screen.findByRole('list', { name: 'Deposit records' });
    expect(fake.calls.some((c) => c.url === '/user/image')).toBe(false);
    await user.click(within(list).getByRole('button', { name: 'View transfer proof' }));
    const image = await within(list).findByRole('img', { name: 'Transfer proof of D20260105000007' });
    expect(image).toHaveAttribute('src', PROOF_URL);
    expect(image.closest('a')).toHaveAttribute('href', PROOF_URL);
    expect(fake.calls.find((c) => c.url === '/user/image')?.form).toEqual({ id: 'proof7proof7proof7proof7' });
    await user.click(within(list).getByRole('button', { name: 'Close' }));
    expect(within(list).queryByRole('img')).not.toBeInTheDocument();
  });

  it.each([
    ['us' as const, 'Today is not a business day: deposits open again on Mon, Nov 30, 2026 (Japan time).'],
    ['jp' as const, '本日は営業日ではありません。次の営業日 2026年11月30日(月)（日本時間）から入金を受け付けます。'],
    ['cn' as const, '今天不是营业日，下一个营业日 2026年11月30日周一（日本时间）起恢复受理充值。'],
  ])('says before the form that today is not a business day and names the next one (%s)', async (language, text) => {
    const fake = fakeApi({
      '/funds/channels': (form: Record<string, string>) =>
        ok({ ...channelsIn(form.lang), business_day: false, next_business_day: '2026-11-30' }),
      '/funds/deposits': ok([]),
    });
    await renderRemote('/mine/deposit', { adapter: fake, session: { ...session, language } });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['us' as const, 'Deposits are accepted on business days, 09:00–15:00 JST · 00:00–06:00 your time.'],
    ['jp' as const, '入金受付：営業日の 09:00–15:00 JST · 端末の時刻 00:00–06:00。'],
    ['cn' as const, '充值受理时间：工作日 09:00–15:00 JST · 本机时间 00:00–06:00。'],
  ])('names the deposit hours in Japan time with the device clock (%s)', async (language, text) => {
    const fake = fakeApi({
      '/funds/channels': (form: Record<string, string>) => ok({ ...channelsIn(form.lang), hours: '09:00-15:00' }),
      '/funds/deposits': ok([]),
    });
    await renderRemote('/mine/deposit', { adapter: fake, session: { ...session, language } });
    // jest's device is in UTC, so the device clock follows the Japan one; no literal "Japan time" is left.
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows deposit_closed_day with the next business day and says nothing was recorded', async () => {
    const user = userEvent.setup();
    await renderRemote('/mine/deposit', {
      adapter: api(() => ({ status: 0, msg: 'deposit_closed_day', values: { next: '2026-11-30' } })),
      session,
    });
    await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please deposit on the next business day, 2026-11-30.');
    expect(alert).toHaveTextContent('Nothing was recorded.');
  });

  it('shows the receiving accounts with copy buttons and the server’s maximum on /mine/stored', async () => {
    await renderRemote('/mine/stored', { adapter: api(), session });
    expect(await screen.findByText('Kabu Shoken K.K.')).toBeInTheDocument();
    expect(screen.getByText('Ordinary 1234567')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Copy Account number' })).toHaveLength(2);
    expect(screen.getByText('Maximum per deposit: 500,000 JPY.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I have transferred: continue to deposit' })).toHaveAttribute(
      'href',
      '/mine/deposit',
    );
  });

  it('asks for the receiving accounts in the session language and shows the translated account type', async () => {
    const fake = api();
    await renderRemote('/mine/stored', { adapter: fake, session: { ...session, language: 'jp' as const } });
    expect(await screen.findByText('カブショウケン（カ')).toBeInTheDocument();
    expect(screen.getByText('普通 1234567')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.url === '/funds/channels')?.form).toEqual({ lang: 'ja' });
  });
});
