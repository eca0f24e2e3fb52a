/**
 * RFC 6238 TOTP over RFC 4226 HOTP with node:crypto (HMAC-SHA-1, 6 digits, 30-second steps), and
 * RFC 4648 base32 for the shared secret. No dependency: the RFC 6238 Appendix B vectors test it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift between phone and server). */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226 recommends the HMAC-SHA-1 output length). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 HOTP: dynamic truncation of HMAC(secret, counter) to `digits` decimal digits. */
export function hotp(secret: Buffer, counter: bigint, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (Unix milliseconds). */
export function stepAt(epochMs: number): bigint {
  return BigInt(Math.floor(epochMs / 1000 / TOTP_STEP_SECONDS));
}

export function totpAt(secret: Buffer, epochMs: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  return hotp(secret, stepAt(epochMs), digits, algorithm);
}

/**
 * The step whose code `code` is, within ±TOTP_WINDOW of now, or undefined. Every candidate is
 * compared in constant time; the caller refuses a step at or below the last one used (no replay).
 */
export function matchTotp(secret: Buffer, code: string, epochMs: number): bigint | undefined {
  const now = stepAt(epochMs);
  const given = Buffer.from(code);
  let found: bigint | undefined;
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta += 1) {
    const step = now + BigInt(delta);
    const expected = Buffer.from(hotp(secret, step));
    if (expected.length === given.length && timingSafeEqual(expected, given) && found === undefined) found = step;
  }
  return found;
}

/** The otpauth:// URI authenticator apps read from a QR code (Key Uri Format). */
export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
