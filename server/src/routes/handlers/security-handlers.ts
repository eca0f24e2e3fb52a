/**
 * Handlers of the /user/ area (security part, docs/decisions/0027-second-factors-and-devices.md): the second step
 * of a password login, TOTP with recovery codes, and the signed-in devices. Rules live in modules/second-factor
 * (reached through the account service, which owns sessions); a handler reads the session user and the client.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../modules/second-factor/devices';
import { relyingPartyOf, withdrawalBinding } from '../../modules/second-factor/passkey-service';
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
  | 'passkeyRegisterOptions'
  | 'passkeyRegister'
  | 'passkeys'
  | 'passkeyDelete'
  | 'passkeyLoginOptions'
  | 'passkeyLogin'
  | 'passkeyWithdrawOptions';

/** The WebAuthn relying party this request talks to (WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS, else its Host). */
const rpOf = (request: FastifyRequest) => relyingPartyOf(request.headers.host);

/** What a login request tells about its device: IP, User-Agent, and the optional `device-id` header. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const deviceId = request.headers['device-id'];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    deviceId: typeof deviceId === 'string' ? deviceId : undefined,
  };
}

export function createSecurityHandlers(app: FastifyInstance): HandlerGroup<SecurityName> {
  const { accounts } = app;
  const { secondFactor, devices, passkeys } = accounts;
  return {
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
    async totpEnrol(_input, request) {
      const user = requireUser(request);
      return { msg: 'totp_enrol_started', data: await secondFactor.enrol(user.userId, user.account) };
    },
    async totpConfirm(input, request) {
      return { msg: 'totp_enabled', data: await secondFactor.confirm(requireUser(request).userId, input.code) };
    },
    async totpDisable(input, request) {
      await secondFactor.disable(requireUser(request).userId, input.code);
      return { msg: 'totp_disabled', data: {} };
    },
    async recoveryCodes(input, request) {
      const data = await secondFactor.regenerateRecoveryCodes(requireUser(request).userId, input.code);
      return { msg: 'recovery_codes_regenerated', data };
    },
    async devices(_input, request) {
      return { data: await devices.list(requireUser(request).userId, hashToken(String(request.headers.token))) };
    },
    async deviceSignOut(input, request) {
      await devices.signOut(requireUser(request).userId, input.id);
      return { msg: 'device_signed_out', data: {} };
    },
    async passkeyRegisterOptions(_input, request) {
      return { data: await passkeys.registrationOptions(requireUser(request), rpOf(request)) };
    },
    async passkeyRegister(input, request) {
      const data = await passkeys.register(requireUser(request).userId, input.credential, input.name, rpOf(request));
      return { msg: 'passkey_registered', data };
    },
    async passkeys(_input, request) {
      return { data: await passkeys.list(requireUser(request).userId) };
    },
    async passkeyDelete(input, request) {
      await passkeys.remove(requireUser(request).userId, input.id);
      return { msg: 'passkey_deleted', data: {} };
    },
    async passkeyLoginOptions(_input, request) {
      return { data: await passkeys.loginOptions(rpOf(request)) };
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
