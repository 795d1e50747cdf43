/**
 * Request ids (decision 102): a trusted proxy's well-formed X-Request-Id is kept, anything else gets a new UUID;
 * the id is answered in X-Request-Id, written on the request's log line, carried into the jobs the request
 * enqueues (and their log lines), and shown in a 5xx answer's envelope. Two servers never hand out the same id.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from './test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Line = { msg: string; reqId?: string; url?: string; job?: string };

async function loggingApp(env: Record<string, string>) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  const t = await buildTestApp(env, { logger: { level: 'info', stream: sink } });
  return { t, lines };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url, headers, remoteAddress });

/** The request line the app wrote for this answer's id, once written. */
async function requestLine(lines: Line[], id: string) {
  return vi.waitFor(() => {
    const line = lines.find((l) => l.msg === 'request' && l.reqId === id);
    if (!line) throw new Error(`no request line with ${id}`);
    return line;
  });
}

describe('request ids', () => {
  it('keeps a trusted proxy’s well-formed X-Request-Id, in the answer and on the log line', async () => {
    const { t, lines } = await loggingApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await get(t.app, '/healthz', { 'x-request-id': 'edge-7f3a.01:42' });
      expect(res.headers['x-request-id']).toBe('edge-7f3a.01:42');
      expect(await requestLine(lines, 'edge-7f3a.01:42')).toMatchObject({ url: '/healthz' });

      // Too long, or with characters a log line or header should not carry: a new id instead.
      for (const bad of ['x'.repeat(129), 'two words', 'a\u00e9b', '']) {
        const other = await get(t.app, '/healthz', { 'x-request-id': bad });
        expect(other.headers['x-request-id']).toMatch(UUID);
      }
      // The same header from an address TRUST_PROXY does not name is not believed.
      const direct = await get(t.app, '/healthz', { 'x-request-id': 'forged-by-a-client' }, '198.51.100.7');
      expect(direct.headers['x-request-id']).toMatch(UUID);
      await requestLine(lines, direct.headers['x-request-id'] as string);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Request-Id when no proxy is trusted, and gives every answer its own UUID', async () => {
    const { t, lines } = await loggingApp({});
    try {
      const res = await get(t.app, '/healthz', { 'x-request-id': 'chosen-by-the-client' });
      expect(res.headers['x-request-id']).toMatch(UUID);
      await requestLine(lines, res.headers['x-request-id'] as string);
      // Not found, and an address the router cannot read, are answered with an id too.
      expect((await get(t.app, '/v3/no-such-thing/')).headers['x-request-id']).toMatch(UUID);
      expect((await get(t.app, '/v3/pins/%E0%A4%A/')).headers['x-request-id']).toMatch(UUID);
    } finally {
      await t.close();
    }
  });

  it('never repeats across two servers', async () => {
    const a = await buildTestApp();
    const b = await buildTestApp();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        for (const t of [a, b]) ids.push((await get(t.app, '/healthz')).headers['x-request-id'] as string);
      }
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('travels into the jobs a request enqueues, and onto their log lines', async () => {
    // A mail server that refuses connections: the worker logs the failed try.
    const { t, lines } = await loggingApp({ TRUST_PROXY: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const owner = await t.person('Rita Request', 'rid');
      const board = (await owner.c.resource('BoardResource', 'create', { name: 'Traced' })).data as { id: string };
      // Over a real connection: the body is read from the socket before the handler runs.
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      await owner.c.ensureCsrf();
      const res = await fetch(`${base}/resource/BoardInviteResource/create/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: [...owner.c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrftoken': owner.c.cookies.get('csrftoken') ?? '',
          origin: base,
          'x-request-id': 'trace-invite-1',
        },
        body: JSON.stringify({ options: { board_id: board.id, emails: ['traced@mail.example'] } }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('trace-invite-1');
      const [job] = (await t.jobs.jobs('mail')).filter((j) => (j.data as { to: string }).to === 'traced@mail.example');
      expect(job?.data).toMatchObject({ _requestId: 'trace-invite-1' });
      // The worker's lines about that job carry the id.
      await vi.waitFor(() => expect(lines.some((l) => l.job === 'mail' && l.reqId === 'trace-invite-1')).toBe(true), { timeout: 20_000 });
    } finally {
      await t.close();
    }
  });

  it('is in a 5xx answer’s envelope, to be quoted when reporting it', async () => {
    const t: TestApp = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    const signedIn = await t.person('Ed Error', 'rid');
    try {
      // A 4xx is the client's own: no id in its envelope.
      const refused = await signedIn.c.request('GET', '/resource/PinResource/get/?data=%7B%7D');
      expect(refused.statusCode).toBeLessThan(500);
      expect(JSON.stringify(refused.json())).not.toMatch(/request_id/);
      // The database gone: a read fails on our side, and the probe answers 503, each naming the request.
      await t.db.close();
      const failed = await signedIn.c.request('GET', '/resource/BoardsResource/get/?data=%7B%7D', { headers: { 'x-request-id': 'read-8' } });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.json()).toMatchObject({ resource_response: { status: 'failure', error: { request_id: 'read-8' } } });
      const probe = await get(t.app, '/healthz', { 'x-request-id': 'probe-9' });
      expect(probe.statusCode).toBe(503);
      expect(probe.json()).toMatchObject({ status: 'failure', request_id: 'probe-9' });
    } finally {
      await t.app.close().catch(() => {});
    }
  });
});
