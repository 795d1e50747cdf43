/**
 * The job queue across servers (decision 053): two apps on one database
 * (and, until the shared media store exists, one media folder). A video
 * uploaded through an app that runs no transcodes is transcoded by the
 * other; a transcode running on an app that shuts down is handed back and
 * finished by the other within seconds; the housekeeping runs once per
 * period however many apps schedule it.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createJobQueue } from '../src/jobs';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { MemoryRateLimiter } from '../src/rate-limit';
import { buildTestApp, TestClient, type TestApp } from './test-app';
import { openTestDb } from './test-db';

/** Another server on the same database and media folder as `t`: its own app, queue and workers. */
async function peer(t: TestApp, env: Record<string, string>, lines?: string[]) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir, WEB_DIST_DIR: t.config.webDistDir, ...env });
  const logger = lines ? { level: 'info', stream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) } : false;
  const built = await buildApp({ config, db: t.db, media: t.media, limiter: new MemoryRateLimiter() }, { logger });
  await built.app.ready();
  return { ...built, client: () => new TestClient(built.app) };
}

describe('transcodes through the queue', () => {
  let a: TestApp;
  beforeAll(async () => {
    // App A takes uploads and runs no transcodes.
    a = await buildTestApp({ VIDEO_TRANSCODE_CONCURRENCY: '0' });
  });
  afterAll(() => a.close());

  it('a video uploaded through an app that runs none is transcoded by another, and its HLS is served', async () => {
    const b = await peer(a, { VIDEO_TRANSCODE_CONCURRENCY: '1' });
    try {
      const owner = a.client();
      await owner.signUp({ email: 'queue.owner@example.com', username: 'queue_owner' });
      const made = await owner.upload(
        'PinResource',
        'create',
        { title: 'Across servers' },
        await makeTestVideo({ seconds: 2, width: 320, height: 240, audio: true }),
        'clip.mp4',
        'video',
      );
      expect(made.data.video_status).toBe('processing');
      const pin = await owner.settled('PinResource', made.data.id);
      expect(pin.video_status).toBe('ready');
      const master = await owner.request('GET', pin.videos.video_list.V_HLSV4.url);
      expect(master.statusCode).toBe(200);
      expect(master.body).toContain('#EXTM3U');
      await a.jobsSettled('transcode'); // the job is recorded done just after the Pin
      const [job] = await a.jobs.jobs('transcode');
      expect(job).toMatchObject({ state: 'completed', retry_count: 0 });
    } finally {
      await b.app.close();
    }
  }, 120_000);

  it('a transcode running on an app that shuts down is handed back and finished by another within seconds', async () => {
    const t = await buildTestApp({ VIDEO_TRANSCODE_CONCURRENCY: '0' });
    // A runs transcodes and takes the job; B starts later, as the server that is left.
    const a1 = await peer(t, { VIDEO_TRANSCODE_CONCURRENCY: '1' });
    try {
      const owner = t.client();
      await owner.signUp({ email: 'handback@example.com', username: 'handback' });
      // Long enough that it is still running when A shuts down.
      const video = await makeTestVideo({ seconds: 20, width: 640, height: 360, audio: true });
      const made = await owner.upload('PinResource', 'create', { title: 'Handed back' }, video, 'long.mp4', 'video');
      await vi.waitFor(async () => expect((await t.jobs.jobs('transcode'))[0]?.state).toBe('active'), { timeout: 30_000, interval: 25 });

      const b = await peer(t, { VIDEO_TRANSCODE_CONCURRENCY: '1' });
      try {
        const closedAt = Date.now();
        await a1.app.close();
        const closeMs = Date.now() - closedAt;
        const [given] = await t.jobs.jobs('transcode');
        expect(given!.state).toBe('retry');
        expect(given!.output?.message).toBe('The server stopped; the job went back to the queue.');
        // B claims it within seconds (the retry delay and one poll), not when A's claim would have expired.
        await vi.waitFor(async () => expect((await t.jobs.jobs('transcode'))[0]?.state).toBe('active'), { timeout: 15_000, interval: 25 });
        const takenMs = Date.now() - closedAt;
        const pin = await owner.settled('PinResource', made.data.id);
        expect(pin.video_status).toBe('ready');
        await t.jobsSettled('transcode'); // the job is recorded done just after the Pin
        const [job] = await t.jobs.jobs('transcode');
        expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
        expect(closeMs).toBeLessThan(5_000);
        expect(takenMs).toBeLessThan(15_000);
      } finally {
        await b.app.close();
      }
    } finally {
      await a1.app.close();
      await t.close();
    }
  }, 180_000);
});

describe('the housekeeping', () => {
  it('runs once per period across three apps, not once per app', async () => {
    const lines: string[] = [];
    const logger = { level: 'info', stream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) };
    const t = await buildTestApp({ HOUSEKEEPING_INTERVAL_SECONDS: '1' }, { logger });
    try {
      const others = [
        await peer(t, { HOUSEKEEPING_INTERVAL_SECONDS: '1', LOG_LEVEL: 'info' }, lines),
        await peer(t, { HOUSEKEEPING_INTERVAL_SECONDS: '1', LOG_LEVEL: 'info' }, lines),
      ];
      const done = async () => (await t.jobs.jobs('housekeeping')).filter((j) => j.state === 'completed');
      await vi.waitFor(async () => expect((await done()).length).toBeGreaterThanOrEqual(4), { timeout: 30_000, interval: 50 });
      for (const o of others) await o.app.close();
      await t.app.close();
      const jobs = await t.jobs.jobs('housekeeping');
      // Each app sent the job twice a period; one job per one-second period was made, and each ran once.
      const slots = jobs.map((j) => j.singleton_on);
      expect(new Set(slots).size).toBe(jobs.length);
      const runs = lines.filter((l) => l.includes('"msg":"housekeeping done"')).length;
      expect(runs).toBe(jobs.filter((j) => j.state === 'completed').length);
      expect(runs).toBeGreaterThanOrEqual(4);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('the queues of a new database', () => {
  it('are made once when several servers start at the same moment, and none of them fails', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const log = { info: () => {}, error: () => {} };
    // A race: a few new databases, each with four servers making the queues at once.
    for (let round = 0; round < 3; round++) {
      const db = await openTestDb();
      try {
        const queues = Array.from({ length: 4 }, () => createJobQueue({ db, config, log }));
        const outcomes = await Promise.allSettled(queues.map((q) => q.prepare()));
        expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
        const schema = await queues[0]!.schemaName();
        const made = await db.query<{ name: string }>(`SELECT name FROM ${schema}.queue ORDER BY name`);
        expect(made.map((q) => q.name)).toEqual([
          'bulk-image',
          'export',
          'housekeeping',
          'import',
          'mail',
          'notification-digest',
          'notify',
          'push',
          'transcode',
        ]);
      } finally {
        await db.close();
      }
    }
  }, 60_000);
});
