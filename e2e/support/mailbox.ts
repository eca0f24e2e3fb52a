/**
 * A real SMTP server in the test process (the `smtp-server` package, as the server's password-reset tests use): a
 * journey's server gets SMTP_URL pointing here and mails out through nodemailer; the journey reads what arrived
 * (the one-time code of a password reset) as the investor would read their mail.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eventually } from './app';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailbox {
  /** SMTP_URL for the server under test. */
  url: string;
  mails: ReceivedMail[];
  /** The six-digit code of the newest mail to `address` received after `since` mails (waits for it). */
  codeFor(address: string, since: number): Promise<string>;
  close(): Promise<void>;
}

/** Decodes MIME encoded-words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A plain-text message as nodemailer writes it: headers, then a 7bit, quoted-printable or base64 body. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { to, subject: decodeHeader(header('Subject')), text };
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async codeFor(address, since) {
      const code = await eventually(`a mail with a six-digit code to ${address}`, () => {
        const mail = mails
          .slice(since)
          .filter((m) => m.to.includes(address))
          .at(-1);
        return mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      });
      return code!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
