/**
 * Reading the environment safely (issue 34 point 4; docs/security.md, configuration): which proxies are trusted
 * (TRUST_PROXY), whether demonstration data is seeded (DEMO_DATA), and the one check that refuses to start a
 * production server (NODE_ENV=production) with a missing or unsafe setting, naming every one of them at once.
 */
import { isIP } from 'node:net';

/** What Fastify's trustProxy is given: nothing trusted, a number of proxy hops, or the proxies' addresses. */
export type TrustProxy = false | true | number | string[];

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export class EnvironmentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The server refuses to start; fix these settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'EnvironmentError';
  }
}

/**
 * TRUST_PROXY: unset, `0` or `false` trusts no proxy (the socket's address is the client's); a whole number n
 * trusts the last n X-Forwarded-For hops (`1`: one reverse proxy in front, so a client-written hop is never
 * believed); a comma-separated list of addresses, CIDRs or proxy-addr's names (`loopback`, `linklocal`,
 * `uniquelocal`) trusts exactly those proxies. `true` trusts every hop, so a client chooses its own IP: accepted
 * outside production only. Anything else is a problem (the start refuses).
 */
export function trustProxyFromEnv(raw: string | undefined): { value: TrustProxy; problem?: string } {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return { value: false };
  if (text === 'true') return { value: true };
  if (/^\d+$/.test(text)) return { value: Number(text) };
  const list = text.split(',').map((entry) => entry.trim());
  const wrong = list.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length > 0 || list.length === 0)
    return {
      value: false,
      problem: `TRUST_PROXY: "${wrong.join(', ')}" is neither a number of proxy hops nor a proxy address or CIDR`,
    };
  return { value: list };
}

/**
 * DEMO_DATA: `1` seeds the demonstration new-share issues, copy-trading products and block listings (whose
 * channel passwords are published in the source), `0` seeds none. Unset: none in production; elsewhere each
 * seeder's own default (undefined here). `npm start` sets it to 1.
 */
export function demoDataFromEnv(env: NodeJS.ProcessEnv): boolean | undefined {
  if (env.DEMO_DATA === '1') return true;
  if (env.DEMO_DATA === '0') return false;
  if (env.NODE_ENV === 'production') return false;
  return undefined;
}

function validSecondFactorKey(raw: string): boolean {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  return key.length === 32;
}

/**
 * Every missing or unsafe setting, by name (empty when the environment may start). Outside production only the
 * settings that are wrong anywhere (an unreadable TRUST_PROXY) are listed.
 */
export function environmentProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const trust = trustProxyFromEnv(env.TRUST_PROXY);
  if (trust.problem) problems.push(trust.problem);
  if (env.NODE_ENV !== 'production') return problems;

  if (!env.SECOND_FACTOR_KEY)
    problems.push('SECOND_FACTOR_KEY is not set (TOTP secrets would be stored unsealed): 32 bytes, hex or base64');
  else if (!validSecondFactorKey(env.SECOND_FACTOR_KEY))
    problems.push('SECOND_FACTOR_KEY must be 32 bytes (64 hex digits or base64)');
  if (!env.WEBAUTHN_RP_ID)
    problems.push(
      'WEBAUTHN_RP_ID is not set (passkeys would trust the Host header): the site domain, e.g. kabu.example',
    );
  const origins = (env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length === 0)
    problems.push('WEBAUTHN_ORIGINS is not set: the https origins passkeys are used from, e.g. https://kabu.example');
  else if (origins.some((origin) => !origin.startsWith('https://')))
    problems.push('WEBAUTHN_ORIGINS must list https:// origins only');
  if (!env.SMTP_URL)
    problems.push('SMTP_URL is not set (password-reset codes and e-mail addresses would be written to the log)');
  if (trust.value === true)
    problems.push(
      'TRUST_PROXY=true trusts every X-Forwarded-For hop: give the number of proxy hops or their addresses',
    );
  if (env.TEST_CLOCK_START) problems.push('TEST_CLOCK_START is for tests only');
  return problems;
}

/** Throws an EnvironmentError naming every problem, if any. */
export function assertEnvironment(env: NodeJS.ProcessEnv): void {
  const problems = environmentProblems(env);
  if (problems.length > 0) throw new EnvironmentError(problems);
}
