import { isAxiosError } from 'axios';
import { isMessageKey } from 'shared/messages';
import type { Envelope } from 'shared/contract';
import { getHost } from './host';

/**
 * A refusal of a call, carried as a key of the `msg` namespace so forms can show it inline.
 * The shell's axios layer already toasts server refusals; screens add the inline copy.
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

function refusalFrom(error: unknown): ApiRefusal {
  if (error instanceof ApiRefusal) return error;
  if (isAxiosError(error)) {
    const body = error.response?.data as Partial<Envelope<unknown>> | undefined;
    if (body && isMessageKey(body.msg)) return new ApiRefusal(body.msg);
    if (error.response) return new ApiRefusal('request_failed', { status: error.response.status });
    return new ApiRefusal('network_error');
  }
  return new ApiRefusal('submit_failed');
}

/**
 * POSTs a form-encoded payload through the shell's axios instance (its headers, loading counter,
 * toasts and 401 handling apply) and answers `data` of a `status: 1` envelope. Any other outcome
 * rejects with an {@link ApiRefusal} naming a catalogue key.
 */
export async function postForm<T>(path: string, payload: Record<string, string | undefined> = {}): Promise<T> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(payload)) if (value !== undefined) body.append(name, value);
  let answer: Envelope<T> | undefined;
  try {
    answer = (await getHost().http.post<Envelope<T>>(path, body)).data;
  } catch (error) {
    throw refusalFrom(error);
  }
  if (!answer || answer.status !== 1) {
    throw new ApiRefusal(answer && isMessageKey(answer.msg) ? answer.msg : 'submit_failed');
  }
  return answer.data as T;
}
