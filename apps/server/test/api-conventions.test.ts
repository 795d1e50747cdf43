import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the resource layer', () => {
  it('answers malformed JSON with 400 and the resource envelope', async () => {
    const c = t.client();
    const res = await c.request('POST', '/resource/BoardResource/create/', {
      payload: '{"options": {"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resource_response: { status: 'failure', error: { http_status: 400, code: ERROR_CODES.MALFORMED_JSON.code } } });
  });

  it('answers malformed ?data= with 400', async () => {
    const res = await t.client().request('GET', '/resource/UserResource/get/?data=%7Bnope');
    expect(res.statusCode).toBe(400);
    expect(res.json().resource_response.error.code).toBe(ERROR_CODES.MALFORMED_JSON.code);
  });

  it('refuses unknown and mistyped options, naming the field', async () => {
    const c = t.client();
    await c.signUp({ email: 'opts@example.com' });
    const unknown = await c.resource('BoardResource', 'create', { name: 'Ok', colour: 'red' });
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.error).toMatchObject({ field: 'colour', message: 'colour: unknown option.' });
    const mistyped = await c.resource('BoardResource', 'create', { name: 'Ok', privacy: 'hidden' });
    expect(mistyped.httpStatus).toBe(400);
    expect(mistyped.error?.field).toBe('privacy');
    expect(mistyped.error?.message).toMatch(/^privacy: /);
    const badId = await c.resource('BoardResource', 'get', { board_id: 'abc' });
    expect(badId.error?.message).toBe('board_id: Expected a numeric id.');
    const bigPage = await c.resource('UserHomefeedResource', 'get', { page_size: 251 });
    expect(bigPage.httpStatus).toBe(400);
    expect(bigPage.error?.field).toBe('page_size');
    const badBookmark = await c.resource('UserHomefeedResource', 'get', { bookmark: 'not-a-cursor' });
    expect(badBookmark.httpStatus).toBe(400);
    expect(badBookmark.error?.message).toMatch(/bookmark/);
  });

  it('answers 413 for an oversize JSON body', async () => {
    const c = t.client();
    const res = await c.request('POST', '/resource/BoardResource/create/', {
      payload: { options: { name: 'x', description: 'y'.repeat(2 * 1024 * 1024) } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().resource_response.error.http_status).toBe(413);
  });

  it('answers 404 for an unknown resource and 405 for the wrong method', async () => {
    const c = t.client();
    expect((await c.request('GET', '/resource/NoSuchResource/get/')).statusCode).toBe(404);
    expect((await c.request('GET', '/resource/BoardResource/create/')).statusCode).toBe(405);
    expect((await c.request('POST', '/resource/BoardResource/get/')).statusCode).toBe(405);
  });

  it('answers 401 for actions that need a session', async () => {
    const res = await t.client().resource('BoardResource', 'create', { name: 'Nope' });
    expect(res.httpStatus).toBe(401);
    expect(res.error?.code).toBe(ERROR_CODES.LOGIN_REQUIRED.code);
  });

  it('accepts PATCH for update and maps it like PUT', async () => {
    const c = t.client();
    await c.signUp({ email: 'patch@example.com' });
    const board = (await c.resource('BoardResource', 'create', { name: 'Patchable' })).data;
    const res = await c.request('PATCH', '/resource/BoardResource/update/', { payload: { options: { board_id: board.id, name: 'Patched' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource_response.data.name).toBe('Patched');
  });
});

describe('spec paths', () => {
  it('answer the bare envelope', async () => {
    const res = await t.client().request('GET', '/v3/pins/123/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.NOT_FOUND.code });
    expect(res.json()).toHaveProperty('message_detail');
  });
});

describe('operations', () => {
  it('/healthz reports the database', async () => {
    const res = await t.client().request('GET', '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const res = await t.client().request('GET', '/healthz');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an OpenAPI document generated from the schemas, and a readable page', async () => {
    const c = t.client();
    const doc = (await c.request('GET', '/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/resource/BoardResource/create/'].post;
    const schema = create.requestBody.content['application/json'].schema.properties.options;
    expect(schema.properties.name.maxLength).toBe(50);
    expect(schema.additionalProperties).toBe(false);
    for (const name of [
      'UserRegisterResource',
      'UserSessionResource',
      'UserResource',
      'BoardResource',
      'BoardsResource',
      'PinResource',
      'UserHomefeedResource',
      'BoardFeedResource',
    ]) {
      expect(Object.keys(doc.paths).some((p) => p.startsWith(`/resource/${name}/`))).toBe(true);
    }
    const page = await c.request('GET', '/api/docs');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/resource/PinResource/create/');
  });

  it('answers unknown non-HTML paths with a 404 envelope, and HTML paths with the app', async () => {
    const c = t.client();
    const api = await c.request('GET', '/v3/nothing/here/');
    expect(api.statusCode).toBe(404);
    const page = await c.request('GET', '/', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>');
  });
});
