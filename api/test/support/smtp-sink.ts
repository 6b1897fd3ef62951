import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the server received it. */
  raw: string;
  /** The decoded text body (quoted-printable undone, soft line breaks joined). */
  text: string;
  headers: Map<string, string>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A local SMTP server (smtp-server) that keeps every message: what the site's nodemailer
 * transport sends over SMTP_URL, for tests to read links from.
 */
export class SmtpSink {
  private server: SMTPServer | null = null;
  readonly mails: SunkMail[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const split = raw.search(/\r?\n\r?\n/);
          const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
          const headers = new Map<string, string>();
          for (const line of head.split(/\r?\n/)) {
            const colon = line.indexOf(':');
            if (colon > 0) {
              headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
            }
          }
          const body = raw.slice(split).trim();
          const qp = /quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            text: qp ? decodeQuotedPrintable(body) : body,
            headers,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  mailsTo(address: string): SunkMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
