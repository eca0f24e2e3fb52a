import { isHttpFailure } from 'shared/api';

/**
 * A refusal of a call, carried as a key of the `msg` namespace so forms can show it inline.
 * The shell's axios layer has already toasted it; screens add the inline copy where it helps.
 */
export class ApiRefusal extends Error {
  constructor(
    readonly key: string,
    readonly values?: Record<string, unknown>,
    /** The form field the server named (answer `field`), when it named one. */
    readonly field?: string,
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
  if (isHttpFailure(error)) return new ApiRefusal(error.msg, { status: error.status, ...error.values }, error.field);
  if (typeof error === 'object' && error !== null && typeof (error as { msg?: unknown }).msg === 'string') {
    const { msg, status, values, field } = error as {
      msg: string;
      status?: unknown;
      values?: Record<string, string>;
      field?: string;
    };
    return new ApiRefusal(msg, { status, ...values }, field);
  }
  return new ApiRefusal('server_error');
}
