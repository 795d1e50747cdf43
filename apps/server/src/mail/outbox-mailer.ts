/**
 * The outbox: without a mail server, every message is written as a JSON file
 * under DATA_DIR/outbox/ (newest names sort last), and one line is logged, so
 * that a developer can read the mails the product sends.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MailLog, MailMessage, Mailer } from './mailer';

export interface OutboxMessage extends MailMessage {
  from: string;
  /** ISO time of sending. */
  date: string;
}

export class OutboxMailer implements Mailer {
  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log?: MailLog,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  async send(message: MailMessage): Promise<void> {
    const date = new Date();
    const stored: OutboxMessage = {
      from: this.from,
      to: message.to,
      subject: message.subject,
      date: date.toISOString(),
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    };
    // Time first so that a listing sorts oldest to newest; the random part keeps names unique.
    const name = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    const path = join(this.dir, name);
    try {
      // Written under a temporary name and renamed, so a reader never sees half a file.
      writeFileSync(`${path}.tmp`, `${JSON.stringify(stored, null, 2)}\n`);
      renameSync(`${path}.tmp`, path);
    } catch (err) {
      this.log?.error({ err, to: message.to, subject: message.subject }, 'writing mail to the outbox failed');
      throw err;
    }
    this.log?.info({ to: message.to, subject: message.subject, file: path }, 'mail written to the outbox');
  }
}

/** The messages in an outbox folder, oldest first. */
export function readOutbox(dir: string): OutboxMessage[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMessage);
}
