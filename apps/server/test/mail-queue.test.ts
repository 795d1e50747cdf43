/**
 * Mail through the job queue with a real SMTP server (smtp-server, on a free
 * loopback port): while it is down a request still answers at once, and the
 * mail arrives exactly once after it comes back; a mail the server refuses
 * fails for good and its job keeps the server's answer.
 */
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { closeSmtp, listenSmtp, smtpCatcher, type CaughtMail } from './smtp-catcher';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
let port: number;
const caught: CaughtMail[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  // A free port for the catcher, found by listening once.
  smtp = smtpCatcher(caught);
  port = await listenSmtp(smtp, 0);
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://pins.example' });
});
afterAll(async () => {
  await t.close();
  await closeSmtp(smtp);
});

it('answers at once while the mail server is down, and delivers the mail exactly once when it is back', async () => {
  const owner = await t.person('Sam Sender', 'mq');
  await t.jobsSettled('mail'); // the sign-up mail, delivered while the server is up
  await closeSmtp(smtp);

  const board = (await owner.c.resource('BoardResource', 'create', { name: 'Offline party' })).data as { id: string };
  const started = Date.now();
  const res = await owner.c.resource('BoardInviteResource', 'create', { board_id: board.id, emails: ['guest@mail.example'] });
  const answeredMs = Date.now() - started;
  expect(res.httpStatus).toBe(200);
  expect(answeredMs).toBeLessThan(2_000);

  // The first try fails (connection refused) and the job waits for its retry with the error.
  await vi.waitFor(
    async () => {
      const [job] = (await t.jobs.jobs('mail')).filter((j) => (j.data as { to: string }).to === 'guest@mail.example');
      expect(job?.state).toBe('retry');
      expect(job?.output?.message).toMatch(/ECONNREFUSED/);
    },
    { timeout: 20_000, interval: 25 },
  );
  expect(caught.filter((m) => m.to.includes('guest@mail.example'))).toEqual([]);

  smtp = smtpCatcher(caught);
  await listenSmtp(smtp, port);
  const backAt = Date.now();
  await vi.waitFor(() => expect(caught.filter((m) => m.to.includes('guest@mail.example'))).toHaveLength(1), { timeout: 60_000, interval: 50 });
  const arrivedMs = Date.now() - backAt;
  await t.jobsSettled('mail');
  const invites = caught.filter((m) => m.to.includes('guest@mail.example'));
  expect(invites.map(({ to, subject }) => ({ to, subject }))).toEqual([
    { to: ['guest@mail.example'], subject: 'Sam Sender invited you to collaborate on Offline party' },
  ]);
  expect(caught.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  expect(arrivedMs).toBeLessThan(60_000);
  // Sent, the job is gone: the mail's links do not stay in the database.
  expect((await t.jobs.jobs('mail')).filter((j) => (j.data as { to: string }).to === 'guest@mail.example')).toEqual([]);
}, 120_000);

it('fails a mail the server refuses for good, and its job keeps the answer', async () => {
  const owner = await t.person('Rae Refused', 'mq');
  const board = (await owner.c.resource('BoardResource', 'create', { name: 'Nobody home' })).data as { id: string };
  const res = await owner.c.resource('BoardInviteResource', 'create', { board_id: board.id, emails: ['nobody@mail.example'] });
  expect(res.httpStatus).toBe(200);
  await t.jobsSettled('mail');
  const [job] = (await t.jobs.jobs('mail')).filter((j) => (j.data as { to: string }).to === 'nobody@mail.example');
  expect(job?.state).toBe('failed');
  expect(job?.retry_count).toBe(0);
  expect(job?.output?.message).toMatch(/550 No such mailbox here/);
  expect(caught.filter((m) => m.to.includes('nobody@mail.example'))).toEqual([]);
}, 60_000);
