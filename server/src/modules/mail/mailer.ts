/**
 * Outgoing mail. With SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS) mails go
 * out through nodemailer from SMTP_FROM; without it (`npm start` on a laptop) each mail is written to
 * the server log at info level (recipient, subject, text), which start-up announces once. Never in production:
 * there mails hold reset codes and addresses, so a production mailer without SMTP_URL refuses to be made (main.ts
 * refuses the start before that, naming SMTP_URL).
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
  /** NODE_ENV=production: never write a mail to the log. */
  production?: boolean;
}

export const DEFAULT_MAIL_FROM = 'Kabu <no-reply@kabu.local>';

export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  if (!settings.smtpUrl) {
    if (settings.production) throw new Error('SMTP_URL is required in production: mails are never written to the log');
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
