/**
 * A notice's e-mail (issue 33 point 3): the inbox message's own texts (renderInbox), in the reader's language when
 * the event has one (a change made in a session), else in zh-CN, English and Japanese one after the other (a
 * sign-in, a lock, a withdrawal's review have no session language). Plain text, never a link (JSDA 2025: no mail
 * may lead to a page asking for a password). Sent after the event's transaction committed; a failure is logged
 * and changes nothing.
 */
import type { I18nLang } from 'shared/messages';
import { renderInbox, type InboxNotice } from '../inbox/inbox-service';
import type { Mailer } from './mailer';

const LANGS: readonly I18nLang[] = ['zh-CN', 'en', 'ja'];

export function noticeMail(notice: InboxNotice, lang?: I18nLang): { subject: string; text: string } {
  if (lang) {
    const text = renderInbox(notice.key, notice.values ?? {}, lang);
    return { subject: text.title, text: text.body };
  }
  const texts = LANGS.map((lang) => renderInbox(notice.key, notice.values ?? {}, lang));
  return {
    subject: `Kabu: ${texts.map((text) => text.title).join(' / ')}`,
    text: texts.map((text) => `${text.title}\n${text.body}`).join('\n\n----\n\n'),
  };
}

export interface NoticeMailer {
  /** Sends without waiting; never throws. */
  send(to: string | undefined, notice: InboxNotice, lang?: I18nLang): void;
  /** Waits for the mails still being sent (tests, shutdown). */
  idle(): Promise<void>;
}

export function createNoticeMailer(mailer: Mailer, log?: { error: (obj: object, msg: string) => void }): NoticeMailer {
  const pending = new Set<Promise<void>>();
  return {
    send(to, notice, lang) {
      if (!to) return;
      const sending = mailer.send({ to, ...noticeMail(notice, lang) }).catch((error: unknown) => {
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
