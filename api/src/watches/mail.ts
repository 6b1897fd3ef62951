import nodemailer, { type Transporter } from 'nodemailer';
import type { WatchesConfig } from './config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The address of the mail's unsubscribe link (also the List-Unsubscribe header). */
  unsubscribeUrl?: string;
}

/** Watch mails over SMTP_URL (nodemailer); none without it. */
export class WatchMailer {
  private readonly transport: Transporter | null;

  constructor(private readonly config: WatchesConfig) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.unsubscribeUrl
        ? {
            list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Berhenti memantau' } },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
  }

  close(): void {
    this.transport?.close();
  }
}
