import type { AxiosInstance } from 'axios';

let client: AxiosInstance | undefined;

/** Hands the shell's axios instance to the base query (the shell's HostContext `http`). */
export function setHttpClient(http: AxiosInstance): void {
  client = http;
}

/** The axios instance set by {@link setHttpClient}; throws when none was set (a wiring error). */
export function getHttpClient(): AxiosInstance {
  if (!client)
    throw new Error('shared/api: setHttpClient(ctx.http) was not called (installBaseApi: connectApi in a route load).');
  return client;
}
