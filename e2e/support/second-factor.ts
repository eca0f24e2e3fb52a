/**
 * The administrator's second login step for journeys (docs/decisions/0027-second-factors-and-devices.md): a fresh
 * server makes the bootstrap administrator enrol an authenticator at the first login (with the one-time code its
 * `cli.js create-admin` printed), so this enrols one through the API and answers the code an authenticator app
 * would show (RFC 6238: HMAC-SHA-1, 6 digits, 30 s).
 */
import { createHmac } from 'node:crypto';
import { api } from './app';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The last 30-second step whose code this process answered, per secret (the server refuses a step twice). */
const lastStep = new Map<string, number>();

/** The TOTP code of a base32 secret now. */
export function totpNow(secretBase32: string): string {
  const step = Math.floor(Date.now() / 30_000);
  lastStep.set(secretBase32, step);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A code the server has not seen yet: waits for the next 30-second step when this one's code was used already. */
export async function freshTotp(secretBase32: string): Promise<string> {
  const used = lastStep.get(secretBase32) ?? -1;
  while (Math.floor(Date.now() / 30_000) <= used) await new Promise((r) => setTimeout(r, 500));
  return totpNow(secretBase32);
}

type Answer = Awaited<ReturnType<typeof api>> & { secret?: string };

/**
 * Completes a login answer that owes a second factor by enrolling a new authenticator (an administrator's first
 * sign-in) with the one-time enrolment code the CLI printed, answering the authenticator's secret with it. Any
 * other answer is returned as it is.
 */
export async function completeEnrolment(baseUrl: string, login: Answer, enrolCode: string): Promise<Answer> {
  const data = login.data as { second_factor?: string; challenge?: string } | undefined;
  if (login.status !== 1 || data?.second_factor !== 'enrol' || !data.challenge) return login;
  const enrolment = await api(baseUrl, '/user/loginEnrolTotp', { challenge: data.challenge, enrol_code: enrolCode });
  const secret = (enrolment.data as { secret?: string } | undefined)?.secret;
  if (enrolment.status !== 1 || !secret) return enrolment;
  const answer = await api(baseUrl, '/user/loginSecondFactor', { challenge: data.challenge, code: totpNow(secret) });
  return { ...answer, secret };
}
