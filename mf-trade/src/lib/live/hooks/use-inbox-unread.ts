import { useEffect, useState } from 'react';
import { getLiveClient } from '../page-client';

/**
 * The unread inbox count the stream pushes (a message arrived or was read), or undefined until the
 * first push: a screen shows its own fetched count until then.
 */
export function useInboxUnread(): number | undefined {
  const live = getLiveClient();
  const [unread, setUnread] = useState<number>();
  useEffect(() => live.onInbox(setUnread), [live]);
  return unread;
}
