import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp-mailer';

/** A minimal SMTP server on the loopback address that keeps what it is given. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        reply(verb === 'DATA' ? '354 go ahead' : verb === 'QUIT' ? '221 bye' : verb === 'EHLO' || verb === 'HELO' ? '250 localhost' : '250 OK');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  return { server, received };
}

let smtp: ReturnType<typeof fakeSmtpServer>;
let port: number;
beforeEach(async () => {
  smtp = fakeSmtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterEach(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

describe('SmtpMailer', () => {
  it('delivers the message from the configured sender through the SMTP server, and logs it', async () => {
    const lines: string[] = [];
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Pinboard <no-reply@pins.example>', {
      info: (_f, m) => lines.push(m),
      error: (_f, m) => lines.push(m),
    });
    await mailer.send({
      to: 'reader@example.com',
      subject: 'Verify your email',
      text: 'Open https://pins.example/verify-email/?token=abc',
      html: '<p>Open</p>',
    });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toContain('<no-reply@pins.example>');
    expect(message!.to).toEqual([expect.stringContaining('<reader@example.com>')]);
    expect(message!.data).toMatch(/^Subject: Verify your email$/m);
    expect(message!.data).toMatch(/^From: Pinboard <no-reply@pins\.example>$/m);
    expect(message!.data).toContain('multipart/alternative');
    expect(lines).toEqual(['mail sent']);
  });

  it('rejects and logs when the server cannot be reached', async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    smtp.server = createServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve)); // something for afterEach to close
    const errors: string[] = [];
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'x@example.com', { info: () => {}, error: (_f, m) => errors.push(m) });
    await expect(mailer.send({ to: 'reader@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
    expect(errors).toEqual(['sending mail failed']);
  });
});
