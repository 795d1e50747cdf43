/**
 * A signed-out JSON read kept in memory is answered before the framework
 * (public-read-fast-path.ts), over a real connection (inject() never reaches
 * that door, so these listen). It must be the framework's answer byte for
 * byte, a fresh CSRF cookie for a client without one, never a signed-in
 * person's read, and never a read that a change has made stale.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { countQueries, eventually, otherConnection } from './db-observers';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let base = '';
let jpeg: Buffer;
let queries: ReturnType<typeof countQueries>;

beforeAll(async () => {
  t = await buildTestApp();
  queries = countQueries(t, (sql) => !sql.includes('pgboss'));
  owner = t.client();
  await owner.signUp({ email: 'raw-reads@example.com', username: 'rawreads' });
  jpeg = await makeTestImage({ width: 300, height: 400, format: 'jpeg', seed: 11 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function publicPin(name: string) {
  const board = (await owner.resource('BoardResource', 'create', { name })).data;
  const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: name }, jpeg)).data;
  const url = `/resource/PinResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id: pin.id } }))}`;
  return { board: board.id as string, url };
}

/** A GET that carries a body (fetch sends none): node:http's request. */
const getWithBody = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(base + url, { method: 'GET', headers: { 'content-type': 'text/plain', 'content-length': '2' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end('{}');
  });
const get = (url: string, headers: Record<string, string> = {}) => fetch(base + url, { headers });
/** The headers that are the same for every answer of one read: not the date, the CSRF cookie and the request's id by their shape. */
const headersOf = (r: Response) =>
  Object.fromEntries(
    [...r.headers]
      .filter(([name]) => name !== 'date')
      .map(([name, value]) => [
        name,
        name === 'set-cookie'
          ? value.replace(/^csrftoken=[\w-]+;/, 'csrftoken=…;')
          : name === 'x-request-id'
            ? value.replace(/^[0-9a-f-]{36}$/, 'uuid')
            : value,
      ]),
  );

describe('a kept signed-out read over a real connection', () => {
  it('is answered before the framework with no query, with the same headers and bytes the framework sent', async () => {
    const { url } = await publicPin('Raw read');
    const servedBefore = t.beforeFramework.served;
    const first = await get(url); // the framework answers and keeps it
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(t.beforeFramework.served).toBe(servedBefore);
    queries.reset();
    const second = await get(url);
    const secondBody = await second.text();
    expect(t.beforeFramework.served).toBe(servedBefore + 1);
    expect(queries.count).toBe(0);
    expect(second.status).toBe(200);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(secondBody).toBe(firstBody);
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(second.headers.get('content-security-policy')).toBeTruthy();
    // Each client without a CSRF cookie is given its own, and each answer names its own request (decision 102).
    expect(second.headers.get('set-cookie')).not.toBe(first.headers.get('set-cookie'));
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('gives no new CSRF cookie to a client that has one, as the framework does not', async () => {
    const { url } = await publicPin('Raw with a cookie');
    const framework = await get(url, { cookie: 'csrftoken=abcdefghijklmnopqrstuvwxyz012345' });
    expect(framework.headers.get('set-cookie')).toBeNull();
    const servedBefore = t.beforeFramework.served;
    const raw = await get(url, { cookie: 'csrftoken=abcdefghijklmnopqrstuvwxyz012345; theme=dark' });
    expect(t.beforeFramework.served).toBe(servedBefore + 1);
    expect(raw.headers.get('set-cookie')).toBeNull();
    expect(headersOf(raw)).toEqual(headersOf(framework));
  });

  it('leaves a signed-in person, HEAD and a body to the framework', async () => {
    const { url } = await publicPin('Raw signed in');
    expect((await get(url)).status).toBe(200);
    const servedBefore = t.beforeFramework.served;
    const session = `pb_session=${owner.cookies.get('pb_session')}; csrftoken=${owner.cookies.get('csrftoken')}`;
    const own = await get(url, { cookie: session });
    expect(own.status).toBe(200);
    expect((await fetch(base + url, { method: 'HEAD' })).status).toBe(405); // the resource routes take GET only
    expect(await getWithBody(url)).toBe(200);
    expect(t.beforeFramework.served).toBe(servedBefore);
  });

  it('takes malformed and huge cookie headers and many requests at once without a fault', async () => {
    const { url } = await publicPin('Raw hostile');
    const body = await (await get(url)).text();
    for (const cookie of ['%', '=;=;;', 'a=%E0%A4%A', ';;;pb_session=', 'csrftoken=%ZZ', `x=${'y'.repeat(6000)}`]) {
      const answer = await get(url, { cookie });
      expect(answer.status, cookie.slice(0, 20)).toBe(200);
      expect(await answer.text()).toBe(body);
    }
    const many = await Promise.all(Array.from({ length: 50 }, () => get(url).then(async (r) => [r.status, (await r.text()) === body])));
    expect(many.every(([status, same]) => status === 200 && same)).toBe(true);
  });

  it('answers 404 as soon as the board turns secret through the API', async () => {
    const { board, url } = await publicPin('Raw turns secret');
    expect((await get(url)).status).toBe(200);
    expect((await get(url)).status).toBe(200);
    expect((await owner.resource('BoardResource', 'update', { board_id: board, privacy: 'secret' })).httpStatus).toBe(200);
    const servedBefore = t.beforeFramework.served;
    expect((await get(url)).status).toBe(404);
    expect((await get(url)).status).toBe(404);
    expect(t.beforeFramework.served).toBe(servedBefore);
  });

  it('answers 404 after a change made by another server', async () => {
    const { board, url } = await publicPin('Raw changed elsewhere');
    expect((await get(url)).status).toBe(200);
    expect((await get(url)).status).toBe(200);
    await otherConnection(t, (c) => c.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [board]));
    expect(await eventually(async () => (await get(url)).status, 404)).toBe(404);
  });
});
