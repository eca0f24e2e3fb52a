import type { z } from 'zod';
import type { HostContext } from 'shared/mf';

/**
 * The answer index.html already has for this contract call (`HostContext.earlyAnswer`, docs/decisions/
 * 0030-early-quote-from-html.md), checked against the endpoint's `data` schema: a screen opened by a deep link shows
 * it at its first render instead of a skeleton and a second round trip. Undefined when the shell has none for
 * exactly this request (or is older than the hook), or the answer does not match the contract.
 */
export function earlyData<S extends z.ZodType>(
  host: Pick<HostContext, 'earlyAnswer'>,
  endpoint: { path: string; data: S },
  request: Record<string, unknown>,
): z.output<S> | undefined {
  const raw = host.earlyAnswer?.(endpoint.path, request);
  if (raw === undefined) return undefined;
  const parsed = endpoint.data.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
