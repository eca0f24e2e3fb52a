/**
 * A notice's e-mail (issue 33 point 3): the inbox message's own texts (renderInbox), in zh-CN, English and
 * Japanese one after the other, since the events it tells (a sign-in, a lock, a fill, a withdrawal) have no
 * session language. Plain text, never a link (JSDA 2025: no mail may lead to a page asking for a password).
 * Sent after the event's transaction committed; a failure is logged and changes nothing.
 */
import type { I18nLang } from 'shared/messages';
import { renderInbox, type InboxNotice } from '../inbox/inbox-service';
import type { Mailer } from './mailer';

const LANGS: readonly I18nLang[] = ['zh-CN', 'en', 'ja'];

export function noticeMail(notice: InboxNotice): { subject: string; text: string } {
  const texts = LANGS.map((lang) => renderInbox(notice.key, notice.values ?? {}, lang));
  return {
    subject: `Kabu: ${texts.map((text) => text.title).join(' / ')}`,
    text: texts.map((text) => `${text.title}\n${text.body}`).join('\n\n----\n\n'),
  };
}

export interface NoticeMailer {
  /** Sends without waiting; never throws. */
  send(to: string | undefined, notice: InboxNotice): void;
  /** Waits for the mails still being sent (tests, shutdown). */
  idle(): Promise<void>;
}

export function createNoticeMailer(mailer: Mailer, log?: { error: (obj: object, msg: string) => void }): NoticeMailer {
  const pending = new Set<Promise<void>>();
  return {
    send(to, notice) {
      if (!to) return;
      const sending = mailer.send({ to, ...noticeMail(notice) }).catch((error: unknown) => {
        log?.error({ err: error, notice: notice.key }, 'notice mail failed');
      });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
