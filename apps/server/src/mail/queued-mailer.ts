/**
 * The mailer services get (decision 053): `send` puts the message on the job
 * queue and returns once it is stored, so a request answers at once; a
 * worker delivers it through the real adapter (SMTP or the outbox), retrying
 * with backoff while the mail server cannot be reached.
 */
import type { MailMessage, Mailer } from './mailer';

export class QueuedMailer implements Mailer {
  constructor(private readonly enqueue: (message: MailMessage) => Promise<void>) {}

  async send(message: MailMessage): Promise<void> {
    await this.enqueue({
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
  }
}
