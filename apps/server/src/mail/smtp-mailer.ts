/**
 * Delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
 */
import nodemailer from 'nodemailer';
import type { MailLog, MailMessage, Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log?: MailLog,
  ) {
    this.transport = nodemailer.createTransport(url, { from });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      this.log?.info({ to: message.to, subject: message.subject }, 'mail sent');
    } catch (err) {
      this.log?.error({ err, to: message.to, subject: message.subject }, 'sending mail failed');
      throw err;
    }
  }

  close() {
    this.transport.close();
  }
}
