/**
 * The second factors and the signed-in devices (fastify-plugin, registered before `services`, whose sign-in flow
 * uses the login challenges and passkeys): `app.security` holds TOTP with recovery codes, the login challenges,
 * passkeys and the devices list (modules/second-factor, docs/decisions/0027-second-factors-and-devices.md).
 * The security handlers (/user/ area, security part) and the step-up service read them here.
 */
import fp from 'fastify-plugin';
import { createDeviceService, type DeviceService } from '../modules/second-factor/devices';
import { createLoginChallenges, type LoginChallenges } from '../modules/second-factor/login-challenge';
import { createPasskeyService, type PasskeyService } from '../modules/second-factor/passkey-service';
import { createSecondFactorService, type SecondFactorService } from '../modules/second-factor/second-factor-service';
import { RateLimiter } from '../security/rate-limit';

export interface SecurityServices {
  /** TOTP and recovery codes of a signed-in user. */
  secondFactor: SecondFactorService;
  /** The second step of a password login (verify or enrol). */
  challenges: LoginChallenges;
  /** Passkeys: registration, the user's list, sign-in, the withdrawal confirmation. */
  passkeys: PasskeyService;
  /** The user's signed-in devices. */
  devices: DeviceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    security: SecurityServices;
  }
}

export const securityServicesPlugin = fp(
  async (app) => {
    const { db, rateStore } = app;
    const { session, rateLimits, now } = app.config;
    const secondFactor = createSecondFactorService({ db, rateStore });
    app.decorate('security', {
      secondFactor,
      challenges: createLoginChallenges({ db, secondFactor, now }),
      passkeys: createPasskeyService({
        db,
        loginOptionsLimiter: new RateLimiter(rateStore, 'passkey-options-ip', rateLimits.passkeyOptionsPerIp),
      }),
      devices: createDeviceService({ db, idleSeconds: session.idleSeconds, absoluteSeconds: session.absoluteSeconds }),
    });
  },
  { name: 'security-services', dependencies: ['config', 'db', 'rate-limits'] },
);
