/**
 * Picks the mail adapter from the configuration: SMTP when SMTP_URL is set,
 * else the outbox folder in DATA_DIR.
 */
import { join } from 'node:path';
import pino from 'pino';
import type { Config } from '../config';
import type { MailLog, Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type { MailLog, MailMessage, Mailer } from './mailer';
export { readOutbox } from './outbox-mailer';
export { QueuedMailer } from './queued-mailer';

type MailConfig = Pick<Config, 'dataDir' | 'smtpUrl' | 'mailFrom' | 'logLevel'>;

export const outboxDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'outbox');

export function createMailer(config: MailConfig, log: MailLog = pino({ level: config.logLevel, name: 'mail' })): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom, log) : new OutboxMailer(outboxDir(config), config.mailFrom, log);
}
