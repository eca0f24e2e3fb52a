/**
 * Acceptance of issue 14 (docs/decisions/0027-second-factors-and-devices.md): "an investor registers a passkey, logs
 * out, and logs in and confirms a withdrawal with it; a login from a new device reaches the inbox". One server of its
 * own (support/money-server.ts, a Tokyo business-day morning: withdrawals open), opened on `localhost` because
 * Chromium refuses an IP address as WebAuthn RP ID (support/security-steps.ts onLocalhost), and Chromium's virtual
 * authenticator (CDP WebAuthn) as the phone's screen lock. Per language (cn, us, jp) a fresh investor, verified and
 * funded through the API and the back office with a bank card and a fund password, then on the screens at 390×844:
 *   logs in with the password → /mine/security: adds a passkey (listed, the server has it) → logs out → signs in
 *   with the passkey on the login screen → withdraws 30,000 JPY confirmed with the passkey instead of the fund
 *   password → listed as pending review, and the ledger froze exactly that amount;
 *   a second phone (another context: another device id) logs in with the password → the first phone's inbox shows
 *   the translated new-device message with that device and IP → the security screen lists two devices → the other
 *   one is signed out remotely, and its token is answered 401.
 * In English no Chinese or Japanese text is left on any screen. Screenshots under e2e/artifacts/security-*.
 * Issue 33 point 3: after the password sign-in the account page offers a passkey (a card; "Not now" hides it); once
 * one exists the offer is gone, and the withdrawal form asks for the passkey first (no fund password field).
 *
 * Issue 33: the passkey is added only after a step-up (the password and the code mailed to the investor, read from
 * the server's mailbox), and the inbox then shows the translated "A passkey was added" notice (a mail too, with no
 * link). And a reviewer who is also an investor (REVIEWER, made with the CLI before the start: a reviewer only)
 * opens their own deposit in the console and is refused with `review_own_account`; it stays pending.
 */
import type { Browser } from 'playwright-core';
import { api, eventually, logOutFromPanel, openPanel, remoteScope, settle } from './support/app';
import {
  adminLogIn,
  consoleSession,
  depositWithProof,
  onlyRow,
  openConsoleFromPanel,
  openFromNav,
  openRow,
  uploadAs,
} from './support/backoffice-steps';
import { completeEnrolment, freshTotp } from './support/second-factor';
import { setFundPassword } from './support/ipo-steps';
import { launchBrowser, phoneContext } from './support/journey';
import {
  I18N,
  exactly,
  runMoneyJourney,
  writeUploadFiles,
  type LanguageCode,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { approvePending, startMoneyServer, type MoneyServer } from './support/money-server';
import { accountScope, arriveAt, fundsScope, openScreen, submitMoney } from './support/money-steps';
import {
  addVirtualAuthenticator,
  arriveHome,
  devicesOf,
  httpOf,
  inboxOf,
  jpyBalance,
  logInWithPassword,
  onLocalhost,
  openLoggedOut,
  passkeysOf,
  secondPhone,
  stepUpOnScreen,
  storedSession,
} from './support/security-steps';
import { call, fundInvestor } from './support/trading';

const LANGUAGES = ['us', 'cn', 'jp'] as const;
const WITHDRAWAL = 30_000;
/** A back-office reviewer (an administrator) who also invests on this platform. */
const REVIEWER = { account: '0900000007', password: 'Reviewer-e2e-7', role: 'reviewer' as const };

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;
let appUrl: string;

beforeAll(async () => {
  server = await startMoneyServer({ logName: 'server-security.log', startTimeoutMs: 240_000, admins: [REVIEWER] });
  appUrl = onLocalhost(server.baseUrl);
  browser = await launchBrowser();
  files = writeUploadFiles();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
}, 60_000);

/** The passkey part: add one, log out, sign in with it, withdraw confirming with it. */
async function passkeyWithdrawal(j: MoneyJourney) {
  const { page, t } = j;
  const base = server.baseUrl;
  const account = accountScope(page);

  // On /mine/security the passkey is added with the phone's screen lock (the virtual authenticator), after a
  // step-up (issue 33): the session token alone plants nothing; the password and the mailed code come first.
  // Reached from the account panel's 'Two-step verification and devices' entry (issue 35: it was not linked).
  await openScreen(page, '/home/index');
  const panel = await openPanel(page);
  const entry = panel.getByRole('link', { name: t.common('panel.links.security'), exact: true });
  await entry.waitFor();
  await j.shot('panel-security-entry');
  await entry.click();
  await arriveAt(page, '/mine/security');
  await settle(page);
  const passkeys = account.getByRole('region', { name: t.account('securityScreen.passkeys.heading') });
  await passkeys.getByText(t.account('securityScreen.passkeys.empty'), { exact: true }).waitFor();
  const since = server.mailbox.mails.length;
  await passkeys.getByRole('button', { name: exactly(t.account('securityScreen.passkeys.add')) }).click();
  await stepUpOnScreen(j, server.mailbox, `${j.account}@example.test`, since, 'passkey-step-up');
  const unnamed = t.account('securityScreen.passkeys.unnamed');
  await passkeys
    .getByRole('button', { name: exactly(t.account('securityScreen.passkeys.deleteNamed', { name: unnamed })) })
    .waitFor();
  await passkeys.getByText(t.account('securityScreen.passkeys.never'), { exact: true }).waitFor();
  await page.getByText(t.msg('passkey_registered')).first().waitFor();
  await j.shot('passkey-added');
  const before = await storedSession(page);
  expect(await passkeysOf(base, before)).toHaveLength(1);

  // The owner is told: an inbox message naming the change, the device and the time, and a mail without a link.
  const title = t.msg('inbox_security_passkey_added_title');
  const notices = (await inboxOf(base, before, I18N[j.language])).filter((m) => m.title === title);
  expect(notices).toHaveLength(1);
  expect(notices[0]!.body).toContain('Chrome');
  const mail = await eventually('the passkey notice mail', async () =>
    server.mailbox.mails.slice(since).find((m) => m.to.includes(`${j.account}@example.test`) && m.subject === title),
  );
  expect(mail!.text).not.toMatch(/https?:|www\./);
  await openScreen(page, '/mine/message');
  const notice = account.getByRole('link').filter({ hasText: title }).first();
  await notice.waitFor();
  await j.shot('inbox-passkey-added');
  await notice.click();
  await arriveAt(page, '/mine/messageInfo');
  await account.getByText(notices[0]!.body).first().waitFor();
  await settle(page);
  await j.shot('passkey-added-message');

  // Logged out: that session is over; the login screen offers the passkey, which signs in without the password.
  await openScreen(page, '/home/index');
  await logOutFromPanel(page);
  await eventually('the old session refused', async () => (await httpOf(base, before)) === 401);
  await openLoggedOut(page, j.language);
  await j.shot('login-with-passkey');
  await account.getByRole('button', { name: exactly(t.account('twoStep.passkeySignIn')) }).click();
  await arriveHome(page);
  const me = await storedSession(page);
  expect(me.token).not.toBe(before.token);
  expect(me.account).toBe(j.account);

  // Issue 33 point 3: with a passkey the account page offers none any more.
  const listed = page.waitForResponse((r) => r.url().includes('/user/passkeys'));
  await openScreen(page, '/mine/index');
  await listed;
  await account.getByRole('region', { name: t.account('mine.assets') }).waitFor();
  await settle(page);
  expect(await account.getByRole('region', { name: t.msg('passkey_offer_title') }).count()).toBe(0);

  // Withdraw 30,000 JPY, confirmed with the passkey first (issue 33 point 3): no fund password is asked.
  const start = await jpyBalance(base, me);
  await openScreen(page, '/mine/withdraw');
  const funds = fundsScope(page);
  const withdraw = funds.getByRole('form', { name: t.funds('withdraw.title') });
  await withdraw.getByLabel(t.funds('withdraw.amount', { currency: 'JPY' }), { exact: true }).fill(String(WITHDRAWAL));
  const pending = funds
    .getByRole('listitem')
    .filter({ hasText: '30,000.00' })
    .filter({ hasText: t.funds('withdraw.state.pending') });
  const byPasskey = withdraw.getByRole('button', { name: exactly(t.msg('withdraw_passkey_confirm')) });
  await byPasskey.waitFor();
  expect(await withdraw.getByLabel(t.funds('withdraw.fundPassword'), { exact: true }).count()).toBe(0);
  const fallback = withdraw.getByRole('button', { name: exactly(t.msg('withdraw_use_fund_password')) });
  await fallback.scrollIntoViewIfNeeded();
  await j.shot('withdraw-passkey-first');
  // Confirmed with its figures (issue 35), then the passkey; the server's answer stays in a result sheet.
  const confirmWithdrawal = funds.getByRole('alertdialog', { name: t.funds('withdraw.confirm.title') });
  const withdrawResult = funds.getByRole('dialog', { name: t.msg('withdraw_success') });
  await submitMoney(
    j,
    withdraw,
    async () => {
      await byPasskey.click();
      await expect(confirmWithdrawal.innerText()).resolves.toContain('30,000.00');
      await confirmWithdrawal.getByRole('button', { name: exactly(t.funds('withdraw.confirm.ok')) }).click();
    },
    'withdrawal confirmed with a passkey',
    () => withdrawResult.isVisible(),
  );
  await j.shot('withdrawal-passkey-result');
  await withdrawResult.getByRole('button', { name: exactly(t.common('done')) }).click();
  await pending.first().waitFor();
  await pending.first().scrollIntoViewIfNeeded();
  await j.shot('withdrawal-pending');

  // The ledger froze exactly that amount; the passkey is marked used.
  const after = await jpyBalance(base, me);
  expect(after.frozen.minus(start.frozen).toFixed()).toBe(String(WITHDRAWAL));
  expect(start.available.minus(after.available).toFixed()).toBe(String(WITHDRAWAL));
  expect((await passkeysOf(base, me))[0]?.last_used_at).toBeTruthy();
  return me;
}

describe.each(LANGUAGES)('security (%s)', (language: LanguageCode) => {
  test('a passkey signs in and confirms a withdrawal; a new device is messaged and signed out remotely', async () => {
    await runMoneyJourney(
      browser,
      appUrl,
      language,
      async (j) => {
        const { page, t } = j;
        const base = server.baseUrl;
        const { investor } = await fundInvestor(server, j.account, j.password, files, {
          deposit: 300_000,
          toUsd: 10_000,
          toCny: 10_000,
        });
        await setFundPassword(base, investor, j.password);
        await addVirtualAuthenticator(page);

        // Logged in on the screens with the password; the API's registration session is ended (one device left).
        await openLoggedOut(page, language);
        await logInWithPassword(page, t, j.account, j.password);
        expect((await api(base, '/user/logout', {}, investor)).status).toBe(1);

        // Issue 33 point 3: signed in without a passkey, the home screen (where sign-in lands) offers one: a
        // card, not a dialog. "Add a passkey" opens the security screen, which starts the registration with its
        // step-up at once; cancelled here (the passkey is added below, from the security screen).
        const tradeScope = remoteScope(page, 'mf_trade');
        const homeOffer = tradeScope.getByRole('region', { name: t.msg('passkey_offer_title') });
        await homeOffer.waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
        await settle(page);
        await j.shot('home-passkey-offer');
        await homeOffer.getByRole('link', { name: exactly(t.msg('passkey_offer_add')) }).click();
        await arriveAt(page, '/mine/security');
        const stepUpDialog = page.getByRole('dialog', { name: t.account('stepUp.title') });
        await stepUpDialog.waitFor();
        await stepUpDialog.getByRole('button', { name: exactly(t.common('cancel')) }).click();
        await stepUpDialog.waitFor({ state: 'detached' });

        // The account page offers it too, and "Not now" puts it away for this session, on home as well.
        await openScreen(page, '/mine/index');
        const offer = accountScope(page).getByRole('region', { name: t.msg('passkey_offer_title') });
        await offer.waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
        await settle(page);
        await j.shot('passkey-offer');
        await offer.getByRole('button', { name: exactly(t.msg('passkey_offer_later')) }).click();
        await offer.waitFor({ state: 'detached' });
        await openScreen(page, '/home/index');
        await tradeScope.getByTestId('home-total').waitFor();
        await settle(page);
        expect(await homeOffer.count()).toBe(0);

        const me = await passkeyWithdrawal(j);

        // A second phone logs in with the password: a new device.
        const seen = (await inboxOf(base, me, I18N[language])).length;
        const otherContext = await phoneContext(browser, appUrl, I18N[language]);
        try {
          const other = await secondPhone(j, otherContext);
          expect(other.session.deviceId).not.toBe(me.deviceId);
          const devices = await devicesOf(base, me);
          expect(devices).toHaveLength(2);
          const otherDevice = devices.find((d) => !d.current)!;
          const title = t.msg('inbox_new_device_login_title');
          const body = t.msg('inbox_new_device_login_body', { device: otherDevice.device, ip: otherDevice.ip });
          const inbox = await inboxOf(base, me, I18N[language]);
          expect(inbox).toHaveLength(seen + 1);
          expect(inbox[0]).toMatchObject({ title, body });

          // The first phone's inbox shows it; opened, it names the device and the IP.
          await openScreen(page, '/mine/message');
          const message = accountScope(page).getByRole('link').filter({ hasText: title }).first();
          await message.waitFor();
          await j.shot('inbox-new-device');
          await message.click();
          await arriveAt(page, '/mine/messageInfo');
          await accountScope(page).getByText(body).first().waitFor();
          await settle(page);
          await j.shot('new-device-message');

          // The security screen lists both devices; the other one is signed out from here.
          await openScreen(page, '/mine/security');
          const list = accountScope(page).getByRole('region', {
            name: t.account('securityScreen.devices.heading'),
          });
          await eventually(
            'two signed-in devices listed',
            async () => (await list.getByRole('listitem').count()) === 2,
          );
          await list.getByText(t.account('securityScreen.devices.current'), { exact: true }).waitFor();
          const signOut = list.getByRole('button', {
            name: exactly(t.account('securityScreen.devices.signOutNamed', { device: otherDevice.device })),
          });
          await signOut.scrollIntoViewIfNeeded();
          await j.shot('two-devices');
          await signOut.click();
          await page.getByText(t.msg('device_signed_out')).first().waitFor();
          const rows = list.getByRole('listitem');
          await eventually('one signed-in device listed', async () => (await rows.count()) === 1);
          await j.shot('other-device-signed-out');
          expect(await httpOf(base, other.session)).toBe(401);
          expect(await httpOf(base, me)).toBe(200);
          expect((await devicesOf(base, me)).map((d) => d.current)).toEqual([true]);
        } finally {
          await otherContext.close();
        }
        if (language === 'us') expect(j.cjk).toEqual({});
      },
      `security-${language}`,
    );
  }, 300_000);
});

test('a reviewer who is also an investor is refused on their own deposit (review_own_account)', async () => {
  const base = server.baseUrl;
  // The reviewer's first sign-in enrols an authenticator; as an investor they verify and deposit like anyone.
  const login = await completeEnrolment(
    base,
    await api(base, '/user/login', { account: REVIEWER.account, password: REVIEWER.password }),
    server.enrolCodes[REVIEWER.account]!,
  );
  const token = (login.data as { token?: string } | undefined)?.token;
  expect(token).toBeTruthy();
  const who = { token: token!, account: REVIEWER.account };
  await uploadAs(
    base,
    who,
    '/user/realname',
    { name: 'Hanako Sato', id_number: `ID-${REVIEWER.account}`, privacy: '1' },
    { front: files.idFront, back: files.idBack },
  );
  await approvePending(server, 'realname', REVIEWER.account);
  // Their card, after a step-up with the password and their authenticator's code.
  const stepUp = (await call(base, who, '/user/stepUp', {
    action: 'bank_card',
    password: REVIEWER.password,
    code: await freshTotp(login.secret!),
  })) as { step_up: string };
  await call(base, who, '/user/bankAdd', {
    step_up: stepUp.step_up,
    holder_name: 'Hanako Sato',
    card_number: `62${REVIEWER.account}`,
    card_type: 'ordinary',
    bank_name: 'Mizuho Bank',
    branch_name: 'Tokyo Main Office',
    branch_code: '001',
  });
  await depositWithProof(base, who, 50_000, files);

  const s = await consoleSession(browser, base, 'security-reviewer-own-deposit');
  try {
    await adminLogIn(s, REVIEWER.account, REVIEWER.password, login.secret!);
    await openConsoleFromPanel(s);
    await openFromNav(s, s.t.admin('queue.deposits.title'), '/admin/deposits');
    const row = await onlyRow(server, '/admin/deposits', { account: REVIEWER.account }, 'pending');
    const pane = await openRow(s, row.id);
    await s.shot('own-deposit-opened');
    await pane.getByRole('button', { name: exactly(s.t.admin('review.approve')) }).click();
    await s.page.getByText(s.t.msg('review_own_account')).first().waitFor();
    await s.shot('own-deposit-refused');
    // Nothing moved: the deposit still waits for another operator.
    expect((await onlyRow(server, '/admin/deposits', { account: REVIEWER.account }, 'pending')).id).toBe(row.id);
  } finally {
    await s.close();
  }
}, 240_000);
