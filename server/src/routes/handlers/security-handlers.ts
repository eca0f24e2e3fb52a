/**
 * Handlers of the /user/ area (security part, docs/decisions/0027-second-factors-and-devices.md): the second step
 * of a password login, TOTP with recovery codes, and the signed-in devices. Rules live in modules/second-factor
 * (reached through the account service, which owns sessions); a handler reads the session user and the client.
 * Adding or removing a factor needs a step-up grant (`step_up`, modules/second-factor/step-up.ts) and sends the
 * owner a notice (inbox and e-mail).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../modules/second-factor/devices';
import { relyingPartyOf, withdrawalBinding } from '../../modules/second-factor/passkey-service';
import type { StepUpSession } from '../../modules/second-factor/step-up';
import { requireUser } from '../../plugins/auth';
import { hashToken } from '../../security/tokens';
import type { HandlerGroup } from '../api-handlers';

export type SecurityName =
  | 'loginEnrolTotp'
  | 'loginSecondFactor'
  | 'secondFactorStatus'
  | 'totpEnrol'
  | 'totpConfirm'
  | 'totpDisable'
  | 'recoveryCodes'
  | 'devices'
  | 'deviceSignOut'
  | 'deviceSignOutOthers'
  | 'passkeyRegisterOptions'
  | 'passkeyRegister'
  | 'passkeys'
  | 'passkeyDelete'
  | 'passkeyLoginOptions'
  | 'passkeyLogin'
  | 'passkeyWithdrawOptions'
  | 'passkeyConfirm'
  | 'stepUpOptions'
  | 'stepUp';

/** The WebAuthn relying party this request talks to (WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS, else its Host). */
const rpOf = (request: FastifyRequest) => relyingPartyOf(request.headers.host);

/** The session of a signed-in request, for step-ups: its user and its token's hash. */
export function stepUpSessionOf(request: FastifyRequest): StepUpSession {
  return { userId: requireUser(request).userId, tokenHash: hashToken(String(request.headers.token)) };
}

/** What a login request tells about its device: IP, User-Agent, and the optional `device-id` header. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const deviceId = request.headers['device-id'];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    deviceId: typeof deviceId === 'string' ? deviceId : undefined,
  };
}

type PasskeyName = Extract<SecurityName, `passkey${string}`>;

/** The passkey calls: registration (after a step-up), the list, sign-in, the withdrawal's confirmation. */
function passkeyHandlers(app: FastifyInstance): HandlerGroup<PasskeyName> {
  const { accounts, stepUp } = app;
  const { passkeys } = app.security;
  return {
    async passkeyRegisterOptions(input, request) {
      await stepUp.require(stepUpSessionOf(request), input.step_up, 'passkey_add');
      return { data: await passkeys.registrationOptions(requireUser(request), rpOf(request)) };
    },
    async passkeyRegister(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await stepUp.require(session, input.step_up, 'passkey_add');
      // The back office counts this passkey only when its session or step-up proved a second factor.
      const data = await passkeys.register(
        session.userId,
        input.credential,
        input.name,
        rpOf(request),
        grant.secondFactor,
      );
      await stepUp.notice(session, 'security_passkey_added', grant.lang);
      return { msg: 'passkey_registered', data };
    },
    async passkeys(_input, request) {
      return { data: await passkeys.list(requireUser(request).userId) };
    },
    async passkeyDelete(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await stepUp.require(session, input.step_up, 'passkey_remove');
      await passkeys.remove(session.userId, input.id);
      await stepUp.notice(session, 'security_passkey_removed', grant.lang);
      return { msg: 'passkey_deleted', data: {} };
    },
    async passkeyConfirm(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await stepUp.require(session, input.step_up, 'passkey_confirm');
      await passkeys.confirm(session.userId, input.id);
      await stepUp.notice(session, 'security_passkey_confirmed', grant.lang);
      return { msg: 'passkey_confirmed', data: {} };
    },
    async passkeyLoginOptions(_input, request) {
      return { data: await passkeys.loginOptions(rpOf(request), clientOf(request).ip) };
    },
    async passkeyLogin(input, request) {
      return { msg: 'login_success', data: await accounts.passkeyLogin(input, clientOf(request), rpOf(request)) };
    },
    async passkeyWithdrawOptions(input, request) {
      const binding = withdrawalBinding({ amount: input.amount, currency: input.currency, card_id: input.card_id });
      return { data: await passkeys.withdrawalOptions(requireUser(request).userId, binding, rpOf(request)) };
    },
  };
}

export function createSecurityHandlers(app: FastifyInstance): HandlerGroup<SecurityName> {
  const { accounts, stepUp } = app;
  const { secondFactor, devices } = app.security;
  return {
    ...passkeyHandlers(app),
    async loginEnrolTotp(input) {
      return { msg: 'totp_enrol_started', data: await accounts.loginEnrolTotp(input) };
    },
    async loginSecondFactor(input, request) {
      const data = await accounts.loginSecondFactor(input, clientOf(request));
      return { msg: data.recovery_codes ? 'totp_enabled' : 'login_success', data };
    },
    async secondFactorStatus(_input, request) {
      return { data: await secondFactor.status(requireUser(request).userId) };
    },
    async totpEnrol(input, request) {
      const user = requireUser(request);
      await stepUp.require(stepUpSessionOf(request), input.step_up, 'totp_enable');
      return { msg: 'totp_enrol_started', data: await secondFactor.enrol(user.userId, user.account) };
    },
    async totpConfirm(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await stepUp.require(session, input.step_up, 'totp_enable');
      const data = await secondFactor.confirm(session.userId, input.code);
      await stepUp.notice(session, 'security_totp_enabled', grant.lang);
      return { msg: 'totp_enabled', data };
    },
    async totpDisable(input, request) {
      // The step-up proved the password and a current code (or a recovery code): no second code is asked here.
      const session = stepUpSessionOf(request);
      const grant = await stepUp.require(session, input.step_up, 'totp_disable');
      await secondFactor.remove(session.userId);
      await stepUp.notice(session, 'security_totp_disabled', grant.lang);
      return { msg: 'totp_disabled', data: {} };
    },
    async recoveryCodes(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await stepUp.require(session, input.step_up, 'recovery_codes');
      const data = await secondFactor.replaceRecoveryCodes(session.userId);
      await stepUp.notice(session, 'security_recovery_codes', grant.lang);
      return { msg: 'recovery_codes_regenerated', data };
    },
    async devices(_input, request) {
      return { data: await devices.list(requireUser(request).userId, hashToken(String(request.headers.token))) };
    },
    async deviceSignOut(input, request) {
      await devices.signOut(requireUser(request).userId, input.id);
      return { msg: 'device_signed_out', data: {} };
    },
    async deviceSignOutOthers(_input, request) {
      const data = await devices.signOutOthers(requireUser(request).userId, hashToken(String(request.headers.token)));
      return { msg: 'devices_signed_out', data };
    },
    async stepUpOptions(input, request) {
      const data = await stepUp.options(requireUser(request).userId, input.lang, rpOf(request));
      return data.email_sent ? { msg: 'step_up_email_code_sent', data } : { data };
    },
    async stepUp(input, request) {
      return { msg: 'step_up_done', data: await stepUp.stepUp(stepUpSessionOf(request), input, rpOf(request)) };
    },
  };
}
