/** The owner's e-mail of a money event (docs/decisions/0031): sent after the commit, never in the money tx. */
import type { Database } from '../../db/database';
import type { InboxNotice } from '../inbox/inbox-service';
import type { NoticeMailer } from './notice-mail';
import { findUserById } from '../users/users-repository';

/**
 * Mails `notice` to the user's address, when there is a mailer. The money event stands whatever happens here: a
 * failed look-up only loses the mail (the inbox has it).
 */
export async function mailOwner(
  db: Database,
  notices: NoticeMailer | undefined,
  userId: bigint,
  notice: InboxNotice,
): Promise<void> {
  if (!notices) return;
  const user = await db.tx((tx) => findUserById(tx, userId), { readOnly: true }).catch(() => undefined);
  notices.send(user?.email, notice);
}
