import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHourlyJobs } from '../src/jobs/hourly';
import { outboxDir, readOutbox } from '../src/mail';
import { MemoryRateLimiter } from '../src/rate-limit';
import { createServices, type Services } from '../src/services';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
let services: Services;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://pins.example' });
  services = createServices({ config: t.config, db: t.db, media: t.media, limiter: new MemoryRateLimiter() });
});
afterAll(() => t.close());

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: { level: 'info' | 'error'; msg: string }[] = [];
  const log = {
    info: (msg: string) => lines.push({ level: 'info', msg }),
    error: (_obj: unknown, msg: string) => lines.push({ level: 'error', msg }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const tokenIn = (text: string, pattern: RegExp) => decodeURIComponent(pattern.exec(text)?.[1] ?? '');

describe('the hourly jobs', () => {
  it('forget mailed links a month past their expiry, keep recently expired ones (which still say so), and purge deleted boards', async () => {
    const c = t.client();
    const { id: userId } = await c.signUp({ email: 'hourly.owner@example.com', username: 'hourly_owner' });
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const verifyMail = readOutbox(outboxDir(t.config)).find((m) => m.to === 'hourly.owner@example.com')!;
    const verifyToken = tokenIn(verifyMail.text, /verify-email\/\?token=([\w-]+)/);
    const board = (await c.resource('BoardResource', 'create', { name: 'Housekeeping' })).data as { id: string };
    await c.resource('BoardInviteResource', 'create', { board_id: board.id, emails: ['old.friend@mail.example', 'new.friend@mail.example'] });
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const inviteToken = (to: string) => tokenIn(readOutbox(outboxDir(t.config)).find((m) => m.to === to)!.text, /accept_invite=([\w%-]+)/);
    const recentInvite = inviteToken('new.friend@mail.example');

    await t.db.query("UPDATE email_verification_tokens SET expires_at = now() - interval '2 days' WHERE user_id = $1", [userId]);
    await t.db.query("UPDATE board_email_invites SET expires_at = now() - interval '31 days' WHERE email = 'old.friend@mail.example'");
    await t.db.query("UPDATE board_email_invites SET expires_at = now() - interval '2 days' WHERE email = 'new.friend@mail.example'");
    const doomed = (await c.resource('BoardResource', 'create', { name: 'Long gone' })).data as { id: string };
    await c.resource('BoardResource', 'delete', { board_id: doomed.id });
    await t.db.query("UPDATE boards SET deleted_at = now() - interval '8 days' WHERE id = $1", [doomed.id]);

    const { log, lines } = recordingLog();
    await runHourlyJobs({ services, db: t.db, log });

    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(await t.db.query('SELECT email FROM board_email_invites WHERE board_id = $1 ORDER BY email', [board.id])).toEqual([
      { email: 'new.friend@mail.example' },
    ]);
    expect(await t.db.one('SELECT 1 FROM boards WHERE id = $1', [doomed.id])).toBeNull();
    // Recently expired links are kept, so they answer "expired" / 'Invalid Invite' from their own row.
    const verify = await c.request('POST', '/v3/users/email/verify/', { payload: { token: verifyToken } });
    expect(verify.json()).toMatchObject({ code: ERROR_CODES.VERIFICATION_LINK_EXPIRED.code });
    expect((await t.client().resource('BoardInviteTokenResource', 'get', { token: recentInvite })).error?.message).toBe('Invalid Invite');

    // A month on, the verification link is forgotten too.
    await t.db.query("UPDATE email_verification_tokens SET expires_at = now() - interval '31 days' WHERE user_id = $1", [userId]);
    await runHourlyJobs({ services, db: t.db, log });
    expect(await t.db.query('SELECT 1 FROM email_verification_tokens WHERE user_id = $1', [userId])).toEqual([]);
    expect(lines.some((l) => l.level === 'info' && /forgot \d+ long-expired email links/.test(l.msg))).toBe(true);
  });

  it('forget sessions past their expiry and keep the live ones', async () => {
    const live = t.client();
    const { id } = await live.signUp({ email: 'hourly.sessions@example.com', username: 'hourly_sessions' });
    const stale = t.client();
    await stale.resource('UserSessionResource', 'create', { username_or_email: 'hourly_sessions', password: 'correct horse battery' });
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute'
       WHERE user_id = $1 AND created_at = (SELECT max(created_at) FROM sessions WHERE user_id = $1)`,
      [id],
    );
    const countFor = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [id]))!.n;
    expect(await countFor()).toBe(2);
    const { log, lines } = recordingLog();
    await runHourlyJobs({ services, db: t.db, log });
    expect(await countFor()).toBe(1);
    expect(lines.some((l) => l.level === 'info' && /forgot \d+ expired sessions/.test(l.msg))).toBe(true);
    expect((await live.resource('UserSessionResource', 'get')).data.isAuth).toBe(true);
  });

  it('log a failing task and still run the others', async () => {
    const c = t.client();
    const { id: userId } = await c.signUp({ email: 'hourly.second@example.com', username: 'hourly_second' });
    await t.db.query("UPDATE email_verification_tokens SET expires_at = now() - interval '40 days' WHERE user_id = $1", [userId]);
    const failingBoards = { purgeExpired: () => Promise.reject(new Error('disk on fire')) } as unknown as Services['boards'];
    const { log, lines } = recordingLog();
    await runHourlyJobs({ services: { ...services, boards: failingBoards }, db: t.db, log });
    expect(lines).toContainEqual({ level: 'error', msg: 'purging deleted boards failed' });
    expect(await t.db.query('SELECT 1 FROM email_verification_tokens WHERE user_id = $1', [userId])).toEqual([]);
  });
});
