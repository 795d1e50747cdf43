/**
 * The staff's admin page (decision 106): its resources answer staff only, anyone else the 404 of a resource that
 * does not exist; it shows the servers alive with their versions, the job queues with their failed jobs (retried
 * and discarded through pg-boss), the database's size, the counts, and the last 5xx answers of every server that
 * shares the database, each with its request id.
 */
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import serverPackage from '../package.json';
import { currentWorkerId, useWorkerId } from '../src/lib/ids';
import { createServerPresence } from '../src/modules/servers';
import { closeSmtp, listenSmtp, smtpCatcher, type CaughtMail } from './smtp-catcher';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let smtp: SMTPServer;
let staff: TestPerson;
let plain: TestPerson;
const caught: CaughtMail[] = [];

type Overview = {
  servers: { worker_id: number; version: string; uptime_seconds: number; host: string }[];
  queues: { name: string; created: number; retry: number; active: number; failed: number }[];
  failed_jobs: { id: string; queue: string; attempts: number; message: string }[];
  storage: { database_bytes: number; media_recorded_bytes: number };
  counts: { people: number; boards: number; pins: number };
  errors: { method: string; route: string; status: number; request_id: string; message: string }[];
};

const overview = async (p: TestPerson = staff) => {
  const res = await p.c.resource('AdminOverviewResource', 'get');
  expect(res.httpStatus).toBe(200);
  return res.data as Overview;
};

/** A mail the catcher refuses (550) fails for good at once: a failed job of the mail queue. */
async function failedMail(to: string) {
  const board = (await plain.c.resource('BoardResource', 'create', { name: `For ${to}` })).data as { id: string };
  expect((await plain.c.resource('BoardInviteResource', 'create', { board_id: board.id, emails: [to] })).httpStatus).toBe(200);
  await t.jobsSettled('mail');
  const [job] = (await t.jobs.jobs('mail')).filter((j) => (j.data as { to: string }).to === to);
  expect(job?.state).toBe('failed');
  return job!;
}

beforeAll(async () => {
  smtp = smtpCatcher(caught);
  const port = await listenSmtp(smtp, 0);
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, STAFF_USERNAMES: 'adminbystaffname1' });
  staff = await t.person('Staff', 'admin');
  plain = await t.person('Plain', 'admin');
  await t.db.query('UPDATE users SET is_employee = true WHERE id = $1', [staff.id]);
});
// A presence sets the process's worker id with its lease's end; the files run after this one in the
// same process make ids without a lease again.
const workerBefore = currentWorkerId();
afterAll(async () => {
  useWorkerId(workerBefore);
  await t.close();
  await closeSmtp(smtp);
});

describe('who sees the admin page', () => {
  it('answers anyone but staff, signed in or not, as a resource that does not exist', async () => {
    const missing = await plain.c.resource('NoSuchAdminResource', 'get');
    expect(missing.httpStatus).toBe(404);
    const job = { queue: 'mail', id: '00000000-0000-4000-8000-000000000000' };
    for (const c of [plain.c, t.client()]) {
      const calls = [
        ['AdminOverviewResource', 'get', {}],
        ['AdminJobRetryResource', 'create', job],
        ['AdminJobDiscardResource', 'create', job],
      ] as const;
      for (const [name, action, options] of calls) {
        const res = await c.resource(name, action, options);
        expect(res.httpStatus, `${name} ${action}`).toBe(404);
        expect(res.error).toMatchObject({ code: missing.error?.code, message: `Resource ${name}/${action} could not be found.` });
      }
    }
  });

  it('lets in an employee and a person named in STAFF_USERNAMES', async () => {
    await overview(staff);
    const named = await t.person('By Staff Name', 'admin');
    expect((await named.c.resource('AdminOverviewResource', 'get')).httpStatus).toBe(404);
    await t.db.query("UPDATE users SET username = 'adminbystaffname1' WHERE id = $1", [named.id]);
    expect((await named.c.resource('AdminOverviewResource', 'get')).httpStatus).toBe(200);
  });
});

describe('what staff see', () => {
  it('the servers alive with their version and uptime, the queues, the sizes and the counts', async () => {
    const presence = createServerPresence({ db: t.db, hasRedis: false });
    await presence.start();
    try {
      await plain.c.resource('BoardResource', 'create', { name: 'Counted' });
      const o = await overview();
      const me = o.servers.find((s) => s.worker_id === presence.workerId);
      expect(me).toMatchObject({ version: serverPackage.version });
      expect(me!.uptime_seconds).toBeGreaterThanOrEqual(0);
      expect(o.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['mail', 'transcode', 'import', 'export']));
      expect(o.storage.database_bytes).toBeGreaterThan(1_000_000);
      expect(o.storage.media_recorded_bytes).toBeGreaterThanOrEqual(0);
      const { rows } = { rows: await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users') };
      expect(o.counts.people).toBe(rows[0]!.n);
      expect(o.counts.boards).toBeGreaterThanOrEqual(1);
      expect(o.counts.pins).toBe(0);
    } finally {
      await presence.stop();
    }
    expect((await overview()).servers).toEqual([]);
  });

  it('a failed job, with its error: retried, it runs again; discarded, it is gone', async () => {
    const job = await failedMail('nobody@retry.example');
    let o = await overview();
    expect(o.queues.find((q) => q.name === 'mail')!.failed).toBeGreaterThanOrEqual(1);
    expect(o.failed_jobs.find((j) => j.id === job.id)).toMatchObject({ queue: 'mail', attempts: 1, message: expect.stringMatching(/550/) });

    const retried = await staff.c.resource('AdminJobRetryResource', 'create', { queue: 'mail', id: job.id });
    expect(retried).toMatchObject({ httpStatus: 200, data: { queue: 'mail', id: job.id, state: 'retry' } });
    // Back to be run: a worker takes it again (the mailbox still refuses it, so it fails again after its second try).
    await vi.waitFor(
      async () => {
        const again = (await t.jobs.jobs('mail')).find((j) => j.id === job.id);
        expect(again).toMatchObject({ state: 'failed', retry_count: 1 });
      },
      { timeout: 20_000, interval: 50 },
    );
    // Not failed, it cannot be retried or discarded: a job that is not there.
    const other = await failedMail('nobody@discard.example');
    expect((await staff.c.resource('AdminJobRetryResource', 'create', { queue: 'transcode', id: other.id })).httpStatus).toBe(404);
    expect((await staff.c.resource('AdminJobRetryResource', 'create', { queue: 'no-such-queue', id: other.id })).httpStatus).toBe(404);

    const discarded = await staff.c.resource('AdminJobDiscardResource', 'create', { queue: 'mail', id: other.id });
    expect(discarded).toMatchObject({ httpStatus: 200, data: { state: 'discarded' } });
    expect((await t.jobs.jobs('mail')).find((j) => j.id === other.id)).toBeUndefined();
    o = await overview();
    expect(o.failed_jobs.find((j) => j.id === other.id)).toBeUndefined();
    expect((await staff.c.resource('AdminJobDiscardResource', 'create', { queue: 'mail', id: other.id })).httpStatus).toBe(404);
    expect((await staff.c.resource('AdminJobRetryResource', 'create', { queue: 'mail', id: 'not-a-uuid' })).httpStatus).toBe(400);
  }, 60_000);

  it('the last 5xx answers of every server sharing the database, each with its request id', async () => {
    const second = await buildTestApp({}, { db: t.db });
    try {
      const person = await t.person('Err', 'admin');
      // A read on our side fails (its table is away for a moment): a 500 with its request id, on the second server.
      await t.db.query('ALTER TABLE boards RENAME TO boards_away');
      let failed;
      try {
        failed = await person.c.request('POST', '/resource/BoardResource/create/', { payload: { options: { name: 'Lost' } } });
      } finally {
        await t.db.query('ALTER TABLE boards_away RENAME TO boards');
      }
      expect(failed.statusCode).toBe(500);
      const requestId = (failed.json() as { resource_response: { error: { request_id: string } } }).resource_response.error.request_id;
      expect(requestId).toBe(failed.headers['x-request-id']);

      // And one on the second server, through its own error handler.
      await second.db.query('ALTER TABLE pins RENAME TO pins_away');
      let onSecond;
      try {
        onSecond = await second.client().request('GET', '/v3/pins/1234/');
      } finally {
        await second.db.query('ALTER TABLE pins_away RENAME TO pins');
      }
      expect(onSecond.statusCode).toBeGreaterThanOrEqual(500);
      // API v5's own error handler too: its bearer token cannot be looked up.
      await t.db.query('ALTER TABLE oauth_tokens RENAME TO oauth_tokens_away');
      let onV5;
      try {
        onV5 = await t.app.inject({ method: 'GET', url: '/v5/user_account', headers: { authorization: 'Bearer pina_not-a-real-token' } });
      } finally {
        await t.db.query('ALTER TABLE oauth_tokens_away RENAME TO oauth_tokens');
      }
      expect(onV5.statusCode).toBe(500);

      // Written after the answer: shown once the write is done, newest first.
      await vi.waitFor(async () => {
        const o = await overview();
        expect(o.errors.map((e) => e.request_id)).toEqual(expect.arrayContaining([requestId, onSecond.headers['x-request-id'], onV5.headers['x-request-id']]));
      });
      const o = await overview();
      expect(o.errors.find((e) => e.request_id === requestId)).toMatchObject({
        method: 'POST',
        route: '/resource/BoardResource/create/',
        status: 500,
        message: expect.stringMatching(/boards/),
      });
      // A 4xx is the client's: not recorded.
      await person.c.resource('PinResource', 'get', {});
      expect((await overview()).errors).toHaveLength(o.errors.length);
    } finally {
      await second.close();
    }
  });

  it('keeps only the newest 5xx answers', async () => {
    await t.db.query(
      "INSERT INTO server_errors (method, route, status, request_id, worker_id, host, message) SELECT 'GET', '/x', 500, 'old-' || i, 0, 'h', 'm' FROM generate_series(1, 600) i",
    );
    await t.services.admin.recordError({ method: 'GET', route: '/y', status: 502, request_id: 'newest', message: 'upstream' });
    const [{ n }] = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM server_errors')) as [{ n: number }];
    expect(n).toBeLessThanOrEqual(500);
    const o = await overview();
    expect(o.errors).toHaveLength(50);
    expect(o.errors[0]).toMatchObject({ request_id: 'newest', status: 502 });
  });

  it('never lets a failed write get in the way', async () => {
    await t.db.query('ALTER TABLE server_errors RENAME TO server_errors_away');
    try {
      await expect(t.services.admin.recordError({ method: 'GET', route: '/z', status: 500, request_id: 'lost', message: 'gone' })).resolves.toBeUndefined();
    } finally {
      await t.db.query('ALTER TABLE server_errors_away RENAME TO server_errors');
    }
  });
});
