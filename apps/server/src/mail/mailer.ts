/**
 * Outgoing mail. Services compose a message and hand it to a `Mailer`; which
 * adapter delivers it is decided once, from the configuration (see index.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (decision 086: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Delivers one message from the configured sender address; rejects when it cannot. */
  send(message: MailMessage): Promise<void>;
}

/** Where an adapter reports what it did: one line per message, errors with their cause. */
export interface MailLog {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
