import { isHttpFailure } from 'shared/api';

/**
 * A refusal of a call, carried as a key of the `msg` namespace so forms can show it inline.
 * The shell's axios layer has already toasted it; screens add the inline copy where it helps.
 */
export class ApiRefusal extends Error {
  constructor(
    readonly key: string,
    readonly values?: Record<string, unknown>,
  ) {
    super(key);
    this.name = 'ApiRefusal';
  }
}

/**
 * Any error of a call (an RTK Query `ApiError` of shared/api, the shell's `HttpFailure`, a schema
 * mismatch in `transformResponse`) as an {@link ApiRefusal} naming a catalogue key.
 */
export function refusalOf(error: unknown): ApiRefusal {
  if (error instanceof ApiRefusal) return error;
  if (isHttpFailure(error)) return new ApiRefusal(error.msg, { status: error.status });
  if (typeof error === 'object' && error !== null && typeof (error as { msg?: unknown }).msg === 'string') {
    const { msg, status } = error as { msg: string; status?: unknown };
    return new ApiRefusal(msg, { status });
  }
  return new ApiRefusal('server_error');
}
