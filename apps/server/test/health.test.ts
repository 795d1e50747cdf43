import Fastify from 'fastify';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthRoutes } from '../src/modules/health/health.routes';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** /healthz alone, on a database that answers as `query` says. */
async function probeApp(query: () => Promise<unknown[]>, o: { reuseMs?: number; timeoutMs?: number } = {}) {
  const app = Fastify();
  const db = { kind: 'external' as const, query: vi.fn(query) as never };
  await healthRoutes(app, { db, config: { healthCheckReuseMs: o.reuseMs ?? 1000, healthCheckTimeoutMs: o.timeoutMs ?? 2000 } });
  await app.ready();
  return { app, db: db as unknown as { query: ReturnType<typeof vi.fn> } };
}

describe('/healthz', () => {
  it('answers without cookies and without looking up a session', async () => {
    const lookups = vi.spyOn(t.app, 'viewerOfSession');
    const bare = await t.client().request('GET', '/healthz');
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ status: 'success', data: { status: 'ok', database: { ok: true } } });
    expect(bare.headers['set-cookie']).toBeUndefined();
    const withSession = await t.client().request('GET', '/healthz', { headers: { cookie: `pb_session=${'x'.repeat(43)}; csrftoken=abc` } });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.headers['set-cookie']).toBeUndefined();
    expect(lookups).not.toHaveBeenCalled();
    // Any other address still hands out the CSRF cookie and reads the session.
    const page = await t.client().request('GET', '/', { headers: { accept: 'text/html', cookie: `pb_session=${'x'.repeat(43)}` } });
    expect(([] as string[]).concat(page.headers['set-cookie'] ?? []).some((c) => c.startsWith('csrftoken='))).toBe(true);
    expect(lookups).toHaveBeenCalled();
    lookups.mockRestore();
  });

  it('shares one database check between probes that come together, and reuses its answer', async () => {
    let release = () => {};
    const { app, db } = await probeApp(() => new Promise((resolve) => (release = () => resolve([]))));
    const probes = Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/healthz' }));
    await vi.waitFor(() => expect(db.query).toHaveBeenCalledTimes(1));
    release();
    const answers = await Promise.all(probes);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(db.query).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('answers 503 in the envelope when the database refuses', async () => {
    const { app } = await probeApp(() => Promise.reject(new Error('connect ECONNREFUSED')));
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.INTERNAL.code, data: { database: { ok: false } } });
    await app.close();
  });

  it('answers 503 at its deadline when the database hangs', async () => {
    const { app } = await probeApp(() => new Promise(() => {}), { timeoutMs: 50 });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'failure', data: { database: { ok: false } } });
    await app.close();
  });
});
