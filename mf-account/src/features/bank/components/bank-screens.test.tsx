import { renderAccount, session } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

const card = {
  id: 3,
  holder_name: 'YAMADA TARO',
  card_type: 'ordinary',
  bank_name: 'Mizuho Bank',
  branch_name: 'Shibuya',
  branch_code: '210',
  card_number_masked: '****4567',
  created_at: '2025-03-01T00:00:00.000Z',
};

const GRANT = 'G'.repeat(43);
/** The step-up a card change asks for first (issue 33): an account without a second factor gets a mailed code. */
const STEP_UP = {
  '/user/stepUpOptions': ok({ methods: ['email'], options: null, email_sent: true }),
  '/user/stepUp': ok({ step_up: GRANT, expires_at: '2026-12-01T22:05:00Z', factors: ['password', 'email_code'] }),
};

async function stepUp(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
  await user.type(within(dialog).getByLabelText('Login password'), 'correct horse 7');
  await user.type(await within(dialog).findByLabelText('Code from the e-mail'), '135790');
  // Without a second factor the dialog asks for the mailed code, and says so (not "your second factor").
  expect(within(dialog).getByText(/the code we e-mailed you/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = {
    holder_name: 'Account holder name',
    card_number: 'Card (account) number',
    bank_name: 'Bank name',
    branch_name: 'Branch name',
    branch_code: 'Branch code',
  };
  for (const [field, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(labels[field]!);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('bank card screens', () => {
  beforeEach(() => localStorage.clear());

  it('lists the bound cards with masked numbers and their actions', async () => {
    await renderAccount('/mine/bank', { adapter: fakeApi({ '/user/banks': ok([card]) }), session });
    const item = await screen.findByRole('listitem', { name: 'Mizuho Bank ****4567' });

    expect(within(item).getByText('****4567')).toBeInTheDocument();
    expect(within(item).getByText('Shibuya (branch code 210)')).toBeInTheDocument();
    expect(within(item).getByText('Ordinary')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/mine/bankAdd?id=3');
  });

  it('shows the header "Add card" action as a button-styled link', async () => {
    await renderAccount('/mine/bank', { adapter: fakeApi({ '/user/banks': ok([card]) }), session });
    const add = await screen.findByRole('link', { name: 'Add card' });

    expect(add).toHaveAttribute('href', '/mine/bankAdd');
    expect(add).toHaveClass('ds-button', 'ds-button--secondary');
  });

  it('offers to add a card when none is bound', async () => {
    await renderAccount('/mine/bank', { adapter: fakeApi({ '/user/banks': ok([]) }), session });

    expect(await screen.findByText('No bank card to show')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a bank card' })).toHaveAttribute('href', '/mine/bankAdd');
  });

  /** /user/realnameInfo in a state (issue 35: each state is said as it is on the list and the form). */
  const identity = (status: string, reject_reason: string | null = null) =>
    ok({
      status,
      name: status === 'none' ? '' : '山**',
      id_number: status === 'none' ? '' : '*****4567',
      reject_reason,
      submitted_at: status === 'none' ? null : '2026-11-30T01:00:00.000Z',
      front_id: null,
      back_id: null,
    });

  it.each([
    ['verified', null, /Your identity is verified: add a card/, 'Add a bank card', '/mine/bankAdd'],
    [
      'pending',
      null,
      /under review\. You can add a card once it is approved/,
      'See the review status',
      '/mine/verified',
    ],
    [
      'failed',
      'The photo is blurred',
      /not approved \(reason: The photo is blurred\)/,
      'Submit identity again',
      '/mine/verified',
    ],
    ['none', null, /verify your identity first/, 'Verify identity', '/mine/verified'],
  ])('an empty list says the identity state as it is: %s', async (status, reason, hint, action, to) => {
    const adapter = fakeApi({ '/user/banks': ok([]), '/user/realnameInfo': identity(status, reason) });
    await renderAccount('/mine/bank', { adapter, session });

    expect(await screen.findByText(hint)).toBeInTheDocument();
    expect(screen.getByText('No bank card to show')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', to);
    if (status === 'verified') expect(screen.queryByText(/Verify your identity/i)).not.toBeInTheDocument();
  });

  it.each([
    ['pending', null, 'Identity under review', /is under review/, 'See the review status'],
    [
      'failed',
      'The photo is blurred',
      'Identity not approved',
      /reason: The photo is blurred/,
      'Submit identity again',
    ],
    ['none', null, 'Identity not verified', /verify your identity first/, 'Verify identity'],
  ])('the card form waits for a verified identity and says why: %s', async (status, reason, title, text, action) => {
    const adapter = fakeApi({ '/user/realnameInfo': identity(status, reason) });
    await renderAccount('/mine/bankAdd', { adapter, session });

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', '/mine/verified');
    expect(screen.queryByLabelText('Card (account) number')).not.toBeInTheDocument();
  });

  it('shows the card form to a verified identity', async () => {
    const adapter = fakeApi({ '/user/realnameInfo': identity('verified') });
    await renderAccount('/mine/bankAdd', { adapter, session });

    expect(await screen.findByLabelText('Card (account) number')).toBeInTheDocument();
    expect(screen.queryByText('Identity not verified')).not.toBeInTheDocument();
  });

  it('deletes a card after confirmation and refreshes the list', async () => {
    let cards = [card];
    const api = fakeApi({
      ...STEP_UP,
      '/user/banks': () => ok(cards),
      '/user/bankDelete': (form: Record<string, string>) => {
        cards = cards.filter((c) => String(c.id) !== form.id);
        return ok({});
      },
    });
    await renderAccount('/mine/bank', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this bank card?' });
    expect(dialog).toHaveTextContent('Mizuho Bank ****4567 will be unbound');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await stepUp(user);

    expect(await screen.findByText('No bank card to show')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/stepUp')?.form).toMatchObject({ action: 'bank_card' });
    expect(api.calls.find((c) => c.url === '/user/bankDelete')?.form).toEqual({ id: '3', step_up: GRANT });
  });

  it('puts the passkey first in the step-up of a card change when the user has one (code as fallback)', async () => {
    const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: {
        get: async () => ({
          id: 'cred-1',
          rawId: bytes('cred-1'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: {
            clientDataJSON: bytes('{}'),
            authenticatorData: bytes('auth'),
            signature: bytes('sig'),
            userHandle: bytes('user'),
          },
          getClientExtensionResults: () => ({}),
        }),
      },
    });
    try {
      const api = fakeApi({
        '/user/stepUpOptions': ok({
          methods: ['totp', 'passkey'],
          options: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], userVerification: 'required' },
          email_sent: false,
        }),
        '/user/stepUp': ok({ step_up: GRANT, expires_at: '2026-12-01T22:05:00Z', factors: ['password', 'passkey'] }),
        '/user/banks': ok([card]),
        '/user/bankDelete': ok({}),
      });
      await renderAccount('/mine/bank', { adapter: api, session });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      await user.click(
        within(screen.getByRole('alertdialog', { name: 'Delete this bank card?' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
      const passkey = await within(dialog).findByRole('button', { name: 'Confirm with a passkey' });
      // The passkey is the primary action; the authenticator code is only behind "use a code instead".
      expect(passkey).toHaveClass('ds-button--primary');
      expect(within(dialog).queryByLabelText(/6-digit code/)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Use an authenticator code instead' }));
      expect(within(dialog).getByLabelText(/6-digit code/)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Confirm with a passkey' })).toHaveClass(
        'ds-button--secondary',
      );

      await user.type(within(dialog).getByLabelText('Login password'), 'correct horse 7');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm with a passkey' }));
      await waitFor(() => expect(api.calls.some((c) => c.url === '/user/bankDelete')).toBe(true));
      const sent = api.calls.find((c) => c.url === '/user/stepUp')!.form;
      expect(sent).toMatchObject({ action: 'bank_card', password: 'correct horse 7' });
      expect(sent.code).toBeUndefined();
      expect(JSON.parse(sent.passkey!)).toMatchObject({ id: 'cred-1', type: 'public-key' });
    } finally {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    }
  }, 20_000);

  it('keeps the card when the deletion is cancelled', async () => {
    const api = fakeApi({ '/user/banks': ok([card]) });
    await renderAccount('/mine/bank', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).not.toContain('/user/bankDelete');
  });

  it('checks a new card as the server does before sending', async () => {
    const api = fakeApi({});
    await renderAccount('/mine/bankAdd', { adapter: api, session });
    const user = userEvent.setup();
    await fillCard(user, { holder_name: 'YAMADA TARO', card_number: '12ab', branch_code: '21' });
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(screen.getByLabelText('Card (account) number')).toHaveAccessibleDescription(
      'The card (account) number must be 7–19 digits.',
    );
    expect(screen.getByLabelText('Bank name')).toHaveAccessibleDescription('Fill in the bank name.');
    expect(screen.getByLabelText('Branch name')).toHaveAccessibleDescription('Fill in the branch name.');
    expect(screen.getByLabelText('Branch code')).toHaveAccessibleDescription('The branch code must be three digits.');
    // Only the identity state was read: the card was not sent.
    expect(api.calls.map((c) => c.url)).toEqual(['/user/realnameInfo']);
  });

  it('binds a card and shows a card already bound under the number', async () => {
    const api = fakeApi({ ...STEP_UP, '/user/bankAdd': refused('card_exists'), '/user/banks': ok([card]) });
    const { router } = await renderAccount('/mine/bankAdd', { adapter: api, session });
    const user = userEvent.setup();
    await fillCard(user, {
      holder_name: 'YAMADA TARO',
      card_number: '1234567',
      bank_name: 'Mizuho Bank',
      branch_name: 'Shibuya',
      branch_code: '210',
    });
    await user.selectOptions(screen.getByLabelText('Account type'), 'checking');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await stepUp(user);

    await waitFor(() =>
      expect(screen.getByLabelText('Card (account) number')).toHaveAccessibleDescription('This card is already bound.'),
    );
    expect(api.calls.find((c) => c.url === '/user/bankAdd')).toMatchObject({
      url: '/user/bankAdd',
      form: {
        step_up: GRANT,
        holder_name: 'YAMADA TARO',
        card_number: '1234567',
        card_type: 'checking',
        bank_name: 'Mizuho Bank',
        branch_name: 'Shibuya',
        branch_code: '210',
      },
    });

    api.set('/user/bankAdd', ok({ id: 4 }));
    await fillCard(user, { card_number: '7654321' });
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/bank'));
  });

  it('sends to identity verification when it is missing', async () => {
    const api = fakeApi({ ...STEP_UP, '/user/bankAdd': refused('realname_required') });
    await renderAccount('/mine/bankAdd', { adapter: api, session });
    const user = userEvent.setup();
    await fillCard(user, {
      holder_name: 'YAMADA TARO',
      card_number: '1234567',
      bank_name: 'Mizuho Bank',
      branch_name: 'Shibuya',
      branch_code: '210',
    });
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await stepUp(user);

    expect(await screen.findByText('Please complete real-name verification first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify identity' })).toHaveAttribute('href', '/mine/verified');
  });

  it('edits a card: the form starts from the card and sends its id with the number typed again', async () => {
    const api = fakeApi({ ...STEP_UP, '/user/banks': ok([card]), '/user/bankEdit': ok({}) });
    const { router } = await renderAccount('/mine/bankAdd?id=3', { adapter: api, session });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Bank name')).toHaveValue('Mizuho Bank');
    expect(screen.getByRole('heading', { name: 'Edit bank card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByLabelText('Card (account) number')).toHaveAccessibleDescription(
      'Fill in the card (account) number.',
    );

    await fillCard(user, { card_number: '12345678', branch_name: 'Ginza' });
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await stepUp(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/bank'));
    expect(api.calls.find((c) => c.url === '/user/bankEdit')?.form).toEqual({
      id: '3',
      step_up: GRANT,
      holder_name: 'YAMADA TARO',
      card_number: '12345678',
      card_type: 'ordinary',
      bank_name: 'Mizuho Bank',
      branch_name: 'Ginza',
      branch_code: '210',
    });
  });
});
