import type { MessageKey } from 'shared/messages';
import { BusinessError } from '../errors';

/** PostgreSQL error codes, read the same way from both drivers (drizzle wraps them in `cause`). */
export const PG_CHECK_VIOLATION = '23514';
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_INTEGRITY_VIOLATION = '23000';

export function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a violation names, when the driver reports it. */
export function pgConstraint(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether an error is a unique violation (of `constraint`, when given: the name the driver reports). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION && (constraint === undefined || pgConstraint(error) === constraint);
}

/**
 * Runs `work`; a unique violation it throws (of `constraint`, when given) is rethrown as the refusal: a
 * BusinessError of that key, or what the factory makes. Any other error passes through unchanged. The work's
 * statements run where the caller runs them (its transaction or savepoint): this only catches.
 */
export async function refuseDuplicate<T>(
  work: () => Promise<T>,
  refusal: MessageKey | (() => BusinessError),
  constraint?: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error, constraint)) throw error;
    throw typeof refusal === 'string' ? new BusinessError(refusal) : refusal();
  }
}

/**
 * SQLSTATEs of a database that cannot be reached or is going away: connection exceptions (class 08), an
 * administrator's or crash shutdown, starting up, too many connections (issue 34 point 5).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
/** Socket errors of a database server that is down or unreachable. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres's own messages for a lost or never-made connection. */
const UNAVAILABLE_MESSAGE = new RegExp(
  '^(Connection terminated|timeout expired|timeout exceeded when trying to connect|' +
    'Client has encountered a connection error)',
);

/** Whether an error means the database is unreachable (answered 503 service_unavailable), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
