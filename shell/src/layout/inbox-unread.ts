/**
 * The unread inbox count for the side panel's inbox entry, kept live while the panel is open:
 * read from /user/messages (its `unread`) on open and whenever the window regains focus, and
 * pushed by the server over the stream (an `inbox` frame, shared/src/contract/stream.ts) through
 * a small socket of the shell's own (the shell never imports mf-trade's stream client). It lives
 * in the lazily loaded side panel's chunk, so none of it is part of the first paint.
 */
import { useEffect, useState } from 'react';
import type { AxiosInstance } from 'axios';

const STREAM_PATH = '/api/vue/stream';

async function readUnread(http: AxiosInstance): Promise<number | undefined> {
  const answer = await http.post('/user/messages', { page: 1, size: 1 });
  const unread = (answer.data?.data as { unread?: unknown } | undefined)?.unread;
  return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : undefined;
}

/** Opens the stream, authenticates and calls `onUnread` for every inbox frame; answers the close. */
function listen(token: string, account: string, onUnread: (unread: number) => void): () => void {
  if (typeof WebSocket === 'undefined' || typeof location === 'undefined') return () => undefined;
  const url = new URL(STREAM_PATH, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  let ws: WebSocket;
  try {
    ws = new WebSocket(url.toString());
  } catch {
    return () => undefined;
  }
  ws.onopen = () => ws.send(JSON.stringify({ op: 'auth', token, account }));
  ws.onmessage = (event) => {
    try {
      const message = JSON.parse(String(event.data)) as { type?: unknown; unread?: unknown };
      if (message.type === 'inbox' && typeof message.unread === 'number') onUnread(message.unread);
    } catch {
      // Not ours to judge: the quote client handles the protocol's other frames.
    }
  };
  return () => ws.close();
}

export function useUnreadCount(
  http: AxiosInstance,
  session: { token: string; account: string },
  active: boolean,
): number | undefined {
  const [unread, setUnread] = useState<number>();
  const { token, account } = session;
  useEffect(() => {
    if (!active || !token) return undefined;
    let alive = true;
    const refresh = () => {
      readUnread(http).then(
        (value) => {
          if (alive && value !== undefined) setUnread(value);
        },
        () => undefined,
      );
    };
    refresh();
    window.addEventListener('focus', refresh);
    const stop = listen(token, account, (value) => alive && setUnread(value));
    return () => {
      alive = false;
      window.removeEventListener('focus', refresh);
      stop();
    };
  }, [http, token, account, active]);
  return unread;
}
