/**
 * Outgoing mail. With SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS) mails go
 * out through nodemailer from SMTP_FROM; without it (`npm start` on a laptop) each mail is written to
 * the server log at info level (recipient, subject, text), which start-up announces once.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'log' writes each mail to the log. */
  readonly kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** SMTP_URL; undefined writes mails to the log. */
  smtpUrl: string | undefined;
  /** SMTP_FROM: the From header. */
  from: string;
}

export const DEFAULT_MAIL_FROM = 'Kabu <no-reply@kabu.local>';

export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  if (!settings.smtpUrl) {
    return {
      kind: 'log',
      async send(mail) {
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (SMTP_URL not set)');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}
