import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer, outboxDir } from './index';
import { OutboxMailer, readOutbox } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'outbox-test-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('OutboxMailer', () => {
  it('creates its folder and writes each message as one JSON file, logging one line', async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const log = { info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }), error: () => {} };
    const dir = join(root, 'nested', 'outbox');
    const mailer = new OutboxMailer(dir, 'Pinboard <no-reply@pins.example>', log);
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Plain body', html: '<p>Body</p>' });

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.json$/);
    const stored = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
    expect(stored).toMatchObject({ from: 'Pinboard <no-reply@pins.example>', to: 'a@example.com', subject: 'Hello', text: 'Plain body', html: '<p>Body</p>' });
    expect(Date.parse(stored.date)).not.toBeNaN();
    expect(lines).toEqual([{ fields: { to: 'a@example.com', subject: 'Hello', file: join(dir, files[0]!) }, message: 'mail written to the outbox' }]);
  });

  it('reads the folder back oldest first, ignoring other files', async () => {
    const mailer = new OutboxMailer(root, 'x@example.com');
    for (const subject of ['first', 'second', 'third']) {
      await mailer.send({ to: 'b@example.com', subject, text: subject });
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(readOutbox(root).map((m) => m.subject)).toEqual(['first', 'second', 'third']);
    expect(readOutbox(join(root, 'missing'))).toEqual([]);
  });

  it('logs and rejects when the folder cannot be written', async () => {
    const errors: string[] = [];
    const mailer = new OutboxMailer(root, 'x@example.com', { info: () => {}, error: (_f, message) => errors.push(message) });
    rmSync(root, { recursive: true, force: true });
    await expect(mailer.send({ to: 'c@example.com', subject: 's', text: 't' })).rejects.toThrow();
    expect(errors).toEqual(['writing mail to the outbox failed']);
  });
});

describe('createMailer', () => {
  it('uses the outbox in DATA_DIR without SMTP_URL, and SMTP with it', () => {
    const outbox = createMailer(loadConfig({ DATA_DIR: root, LOG_LEVEL: 'silent' }));
    expect(outbox).toBeInstanceOf(OutboxMailer);
    expect((outbox as OutboxMailer).dir).toBe(outboxDir({ dataDir: root }));
    const smtp = createMailer(loadConfig({ DATA_DIR: root, LOG_LEVEL: 'silent', SMTP_URL: 'smtp://mail.example:2525' }));
    expect(smtp).toBeInstanceOf(SmtpMailer);
    (smtp as SmtpMailer).close();
  });

  it('sends from MAIL_FROM, by default from no-reply at the public host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://pins.example/' }).mailFrom).toBe('Pinboard <no-reply@pins.example>');
    expect(loadConfig({}).mailFrom).toBe('Pinboard <no-reply@localhost>');
    expect(loadConfig({ MAIL_FROM: 'Pins <hello@pins.example>' }).mailFrom).toBe('Pins <hello@pins.example>');
  });
});
