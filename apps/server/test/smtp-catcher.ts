/**
 * A real SMTP server for tests (smtp-server, on the loopback address): no TLS, no login; it
 * keeps each message's recipients and subject, and refuses recipients named nobody@ with 550.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  /** The whole message as it came: headers and body. */
  raw: string;
}

export function smtpCatcher(caught: CaughtMail[]): SMTPServer {
  return new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, done) {
      if (address.address.startsWith('nobody@')) done(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      else done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
        caught.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, raw });
        done();
      });
    },
  });
}

/** Listens on the port (0: a free one) and answers the port it took. */
export const listenSmtp = (server: SMTPServer, port: number) =>
  new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));

export const closeSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));
