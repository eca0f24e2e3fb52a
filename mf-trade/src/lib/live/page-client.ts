import { STREAM_PATH } from 'shared/contract';
import { getHost } from '../host';
import { NAMESPACE } from '../i18n';
import { LiveClient, type LiveIssue, type SocketLike } from './client/live-client';

let client: LiveClient | undefined;

function streamUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${STREAM_PATH}`;
}

/**
 * What the page does with the stream's issues: the cap is told to the user once (a toast: some
 * prices on the page are not live); the rest is logged once per kind and message, for developers
 * (the screens poll meanwhile where they need to).
 */
export function issueReporter(
  toast: (key: string, options: { ns: string; values: Record<string, unknown> }) => void,
  warn: (...args: unknown[]) => void,
): (issue: LiveIssue) => void {
  const told = new Set<string>();
  return (issue) => {
    const id = issue.kind === 'refused' ? `refused:${issue.msg}` : issue.kind;
    if (told.has(id)) return;
    told.add(id);
    if (issue.kind === 'capped') {
      toast('live.capped', { ns: NAMESPACE, values: { max: issue.max } });
    } else if (issue.kind === 'malformed') {
      warn('[mf_trade] live: dropped a stream frame that does not match the contract (others are counted)');
    } else if (issue.kind === 'refused') {
      warn(`[mf_trade] live: the stream refused a message (${issue.msg})`, issue.values ?? {});
    }
  };
}

/** The page's one stream client (created on first use, with the session of the host). */
export function getLiveClient(): LiveClient {
  if (!client) {
    client = new LiveClient({
      url: streamUrl(),
      auth: () => {
        const session = getHost().getSession();
        return { token: session.token, account: session.account, lang: session.language };
      },
      // Read at connect time so tests can install a fake WebSocket.
      connect: (url) => {
        const Socket = (globalThis as { WebSocket?: new (url: string) => SocketLike }).WebSocket;
        if (!Socket) throw new Error('no WebSocket');
        return new Socket(url);
      },
    });
    client.onIssue(
      issueReporter(
        (key, options) => getHost().toast(key, options),
        (...args) => console.warn(...args),
      ),
    );
  }
  return client;
}

/** Drops the page's client (tests). */
export function resetLiveClient(): void {
  client?.dispose();
  client = undefined;
}
