/**
 * Password hashing with scrypt (node:crypto) at OWASP's parameters (N=2^17, r=8, p=1: ~128 MiB).
 * The parameters travel inside each hash (`scrypt$N$r$p$salt$key`), so they can be raised later
 * and old hashes still verify. Concurrency is capped because each hash holds that memory.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Semaphore } from './semaphore';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet, scrypt row. */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is below OWASP's N, so raise it.
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Burns the same time as a verify, for unknown accounts (no account enumeration by timing). */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(
  options: { cost?: ScryptCost; maxConcurrent?: number; maxQueued?: number } = {},
): PasswordHasher {
  const cost = options.cost ?? OWASP_SCRYPT;
  const gate = new Semaphore(options.maxConcurrent ?? 2, options.maxQueued ?? 64);
  let dummy: Promise<string> | undefined;

  const hash = (password: string) =>
    gate.run(async () => {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password, salt, cost);
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    });

  const verify = (password: string, stored: string) =>
    gate.run(async () => {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
      const salt = Buffer.from(parts[4]!, 'base64url');
      const expected = Buffer.from(parts[5]!, 'base64url');
      const actual = await derive(password, salt, { N, r, p });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    });

  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummy ??= hash('dummy password for timing');
      await verify(password, await dummy);
      return false;
    },
  };
}
