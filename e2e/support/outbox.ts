import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The mails the server wrote to its outbox (DATA_DIR/outbox/, one JSON file a
 * message) — the browser tests' server runs without SMTP_URL.
 */
export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

function outboxDir(): string {
  const dataDir = process.env.PINBOARD_E2E_DATA_DIR;
  if (!dataDir) throw new Error('PINBOARD_E2E_DATA_DIR is not set: start the browser tests with e2e/run.mjs.');
  return join(dataDir, 'outbox');
}

export function mailsTo(address: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir());
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outboxDir(), name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === address);
}

/** The path and query of the newest verification link mailed to the address. */
export function lastVerificationLink(address: string): string {
  const mail = mailsTo(address).at(-1);
  const match = /https?:\/\/[^/\s]+(\/verify-email\/\?token=[\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No verification link was mailed to ${address}.`);
  return match[1]!;
}

/** The path and query of the newest board invite link mailed to the address (the board's address with accept_invite). */
export function lastBoardInviteLink(address: string): string {
  const mail = mailsTo(address)
    .filter((m) => m.subject.includes('invited you to collaborate on'))
    .at(-1);
  const match = /https?:\/\/[^/\s]+(\/[^\s?]+\/\?accept_invite=[\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No board invite link was mailed to ${address}.`);
  return match[1]!;
}
