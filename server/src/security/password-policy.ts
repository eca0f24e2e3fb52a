/**
 * The rule for a new login password (NIST SP 800-63B §3.1.1.2; docs/decisions/0032-password-policy.md), checked by
 * the server at registration, at a password change and at a reset by e-mail. The contract checks the length (at
 * least 8 code points, at most 128 UTF-16 units: 64 code points always fit); this module refuses, by name:
 *
 * - `password_common`: the whole password is one entry of the common-password dictionary of zxcvbn-ts
 *   (`@zxcvbn-ts/language-common`: passwords from breach corpora and common words), also written in l33t
 *   (`p@ssw0rd`), reversed or in other letter case;
 * - `password_personal`: it contains the account (the mobile number) or the e-mail address or its local part
 *   (NIST's context-specific words);
 * - `password_guessable`: zxcvbn estimates fewer than 10^6 guesses (score 0 or 1): repeated or sequential
 *   characters (`aaaaaaaa`, `12345678`), a keyboard walk, a common word with a few digits (`Password1!`).
 *
 * There are no composition rules (no "a digit and a capital"), any Unicode is allowed, and the text is compared
 * NFKC-normalised, as `security/password.ts` hashes it. Only the first 64 characters are analysed (a bound on the
 * CPU each check costs; a longer prefix that is strong keeps the whole strong). The dictionaries load on first use.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { BusinessError } from '../errors';

/** What the password is checked against besides the dictionary: the account's own identifiers. */
export interface PasswordContext {
  account: string;
  email: string;
}

export type PasswordRefusal = 'password_common' | 'password_personal' | 'password_guessable';

/** zxcvbn's score 2: at least 10^6 guesses (score 1 is below; the online limits never let that many through). */
const MIN_SCORE = 2;
/** Characters zxcvbn analyses; see the header. */
const ANALYSED_LENGTH = 64;
/** A local part shorter than this is no word of its own (`a@example.com`). */
const MIN_CONTEXT_WORD = 4;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: ANALYSED_LENGTH });
  return estimator;
}

function contextWords({ account, email }: PasswordContext): string[] {
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  return [account.trim(), address, local].filter((word) => word.length >= MIN_CONTEXT_WORD);
}

/** Why a new password is refused, or undefined when it may be set. */
export function passwordRefusal(password: string, context: PasswordContext): PasswordRefusal | undefined {
  const text = password.normalize('NFKC');
  const words = contextWords(context);
  const result = zxcvbn().check(text, words);
  const [only, ...rest] = result.sequence;
  if (only && rest.length === 0 && only.pattern === 'dictionary' && only.dictionaryName !== 'userInputs')
    return 'password_common';
  const lower = text.toLowerCase();
  if (words.some((word) => lower.includes(word))) return 'password_personal';
  if (result.score < MIN_SCORE) return 'password_guessable';
  return undefined;
}

/** Throws the named refusal (field `password`) when the new password may not be set. */
export function assertPasswordAllowed(password: string, context: PasswordContext): void {
  const refusal = passwordRefusal(password, context);
  if (refusal) throw new BusinessError(refusal, { field: 'password' });
}
