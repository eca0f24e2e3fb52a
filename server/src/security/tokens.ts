/**
 * Session tokens: 32 random bytes (256 bits) as base64url. Only the sha256 of a token is stored,
 * so the sessions table cannot be replayed if it leaks; sha256 (not a slow hash) is right here
 * because the token is already full-entropy.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A well-formed token is 43 base64url characters; anything else is refused before the database. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character invite code without look-alike characters (0/O, 1/I/L). */
export function newInviteCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => INVITE_ALPHABET[byte % INVITE_ALPHABET.length]).join('');
}

/**
 * A short mailed code (password reset, step-up) as stored: `salt:sha256(salt:code)`. A fresh random salt per code;
 * the tries are few (each code has its own small budget), so no slow hash is needed.
 */
export function hashMailedCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`, 'utf8').digest('hex')}`;
}

/** Whether `code` is the one stored by hashMailedCode, compared in constant time. */
export function mailedCodeMatches(code: string, stored: string): boolean {
  const salt = stored.split(':', 1)[0]!;
  const expected = Buffer.from(stored, 'utf8');
  const actual = Buffer.from(hashMailedCode(code, salt), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
