/**
 * API v5 (decision 100): who may call it and how it answers. A missing, unknown or revoked token answers 401, a
 * scope the token lacks 403, both as `{ code, message }` JSON whatever `Accept` says; bad input answers 400,
 * never 5xx; the OpenAPI document names the v5 paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthScope } from '@pinboard/shared/schemas/oauth';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { makePin, makeSection, makeStoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';
import { ALL_SCOPES, personWithToken, tokenFor, v5 } from './api-v5-client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500' });
});
afterAll(async () => {
  await t?.close();
});

/** Every v5 path, as the call that needs its scopes (ids filled in from one person's board, section and Pin). */
function calls(ids: { board: string; section: string; pin: string; media: string }) {
  return [
    { call: ['GET', '/v5/user_account'], scopes: ['user_accounts:read'] },
    { call: ['GET', '/v5/boards'], scopes: ['boards:read'] },
    { call: ['POST', '/v5/boards', { name: 'Scoped' }], scopes: ['boards:read', 'boards:write'] },
    { call: ['GET', `/v5/boards/${ids.board}`], scopes: ['boards:read'] },
    { call: ['PATCH', `/v5/boards/${ids.board}`, { description: 'x' }], scopes: ['boards:read', 'boards:write'] },
    { call: ['DELETE', `/v5/boards/${ids.board}`], scopes: ['boards:read', 'boards:write'] },
    { call: ['GET', `/v5/boards/${ids.board}/pins`], scopes: ['boards:read', 'pins:read'] },
    { call: ['GET', `/v5/boards/${ids.board}/sections`], scopes: ['boards:read'] },
    { call: ['POST', `/v5/boards/${ids.board}/sections`, { name: 'S' }], scopes: ['boards:read', 'boards:write'] },
    { call: ['PATCH', `/v5/boards/${ids.board}/sections/${ids.section}`, { name: 'T' }], scopes: ['boards:read', 'boards:write'] },
    { call: ['DELETE', `/v5/boards/${ids.board}/sections/${ids.section}`], scopes: ['boards:read', 'boards:write'] },
    { call: ['GET', `/v5/boards/${ids.board}/sections/${ids.section}/pins`], scopes: ['boards:read', 'pins:read'] },
    { call: ['GET', '/v5/pins'], scopes: ['boards:read', 'pins:read'] },
    {
      call: ['POST', '/v5/pins', { board_id: ids.board, media_source: { source_type: 'image_base64', content_type: 'image/png', data: 'AA==' } }],
      scopes: ['boards:read', 'boards:write', 'pins:read', 'pins:write'],
    },
    { call: ['GET', `/v5/pins/${ids.pin}`], scopes: ['boards:read', 'pins:read'] },
    { call: ['PATCH', `/v5/pins/${ids.pin}`, { title: 'x' }], scopes: ['boards:read', 'boards:write', 'pins:read', 'pins:write'] },
    { call: ['DELETE', `/v5/pins/${ids.pin}`], scopes: ['boards:read', 'boards:write', 'pins:read', 'pins:write'] },
    { call: ['POST', `/v5/pins/${ids.pin}/save`, { board_id: ids.board }], scopes: ['boards:read', 'boards:write', 'pins:read', 'pins:write'] },
    { call: ['POST', '/v5/media', { media_type: 'video' }], scopes: ['pins:read', 'pins:write'] },
    { call: ['GET', `/v5/media/${ids.media}`], scopes: ['pins:read'] },
    { call: ['GET', '/v5/pinboard/already_saved?link=https%3A%2F%2Fexample.com%2F'], scopes: ['pins:read'] },
  ] as { call: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown]; scopes: OAuthScope[] }[];
}

describe('API v5 access', () => {
  it('answers 401 without a token, with an unknown one, another scheme, and a token revoked by deleting its row', async () => {
    const p = await personWithToken(t, 'Ada Access');
    expect((await v5(t, p.token, 'GET', '/v5/user_account')).status).toBe(200);
    for (const headers of [{}, { authorization: 'Bearer pina_nope' }, { authorization: `Basic ${p.token}` }] as Record<string, string>[]) {
      const res = await v5(t, null, 'GET', '/v5/user_account', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: ERROR_CODES.LOGIN_REQUIRED.code, message: expect.stringMatching(/Bearer/) });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    await t.db.query('DELETE FROM oauth_tokens WHERE user_id = $1', [p.id]);
    expect((await v5(t, p.token, 'GET', '/v5/user_account')).status).toBe(401);
    expect((await v5(t, p.token, 'POST', '/v5/boards', { name: 'Revoked' })).status).toBe(401);
  });

  it('answers 403 for each scope a path needs that the token lacks, and not with them all', async () => {
    const p = await t.person('Sam Scopes', 'v5');
    const image = await makeStoredImage(t.media, { width: 40, height: 30 });
    const board = await t.services.boards.create({ viewer: { id: p.id, username: p.username }, clientIp: '127.0.0.1' }, { name: 'Scoped board' });
    const section = await makeSection(t.db, board.id, 'Part');
    const pin = await makePin(t.db, { pinnerId: p.id, boardId: board.id, image });
    const media = (await v5(t, await tokenFor(t, p, ALL_SCOPES), 'POST', '/v5/media', { media_type: 'video' })).body.media_id as string;
    for (const { call, scopes } of calls({ board: board.id, section, pin, media })) {
      for (const missing of scopes) {
        const token = await tokenFor(
          t,
          p,
          ALL_SCOPES.filter((s) => s !== missing),
        );
        const res = await v5(t, token, ...call);
        expect([call[0], call[1], missing, res.status, res.body?.code]).toEqual([call[0], call[1], missing, 403, ERROR_CODES.FORBIDDEN.code]);
        expect(res.body.message).toContain(missing);
      }
    }
    // With every scope none of them is refused for a scope (the calls that change things run last to first on fresh ids).
    const all = await tokenFor(t, p, ALL_SCOPES);
    for (const { call } of calls({ board: board.id, section, pin, media }).filter((c) => c.call[0] === 'GET')) {
      expect([call[1], (await v5(t, all, ...call)).status]).toEqual([call[1], 200]);
    }
  });

  it('answers JSON whatever Accept says, and errors as { code, message }', async () => {
    const p = await personWithToken(t, 'Jo Json');
    for (const accept of ['text/html', 'application/xml', '*/*', 'image/png']) {
      const ok = await v5(t, p.token, 'GET', '/v5/boards', undefined, { accept });
      expect([accept, ok.status, ok.headers['content-type']]).toEqual([accept, 200, expect.stringMatching(/^application\/json/)]);
      const missing = await v5(t, p.token, 'GET', '/v5/pins/123', undefined, { accept });
      expect([missing.status, missing.headers['content-type']]).toEqual([404, expect.stringMatching(/^application\/json/)]);
      expect(Object.keys(missing.body).sort()).toEqual(['code', 'message']);
      const nowhere = await v5(t, p.token, 'GET', '/v5/no/such/path', undefined, { accept });
      expect([nowhere.status, Object.keys(nowhere.body).sort()]).toEqual([404, ['code', 'message']]);
    }
    expect((await v5(t, p.token, 'GET', '/v5/boards')).headers['cache-control']).toMatch(/no-store/);
  });

  it('answers bad input with 400 { code, message }, never 5xx', async () => {
    const p = await personWithToken(t, 'Bea Bad');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Inputs' })).body.id as string;
    const bad: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/v5/boards?page_size=251'],
      ['GET', '/v5/boards?page_size=0'],
      ['GET', '/v5/boards?page_size=abc'],
      ['GET', '/v5/boards?bookmark=not-a-cursor'],
      ['GET', `/v5/boards/${board}/pins?bookmark=%00%ff`],
      ['GET', '/v5/boards?privacy=HIDDEN'],
      ['POST', '/v5/media?ad_account_id=123', { media_type: 'video' }],
      ['POST', '/v5/boards', {}],
      ['POST', '/v5/boards', { name: 'x'.repeat(500) }],
      ['POST', '/v5/boards', { name: 'P', privacy: 'HIDDEN' }],
      ['POST', '/v5/boards', []],
      ['POST', '/v5/pins', {}],
      ['POST', '/v5/pins', { board_id: board }],
      ['POST', '/v5/pins', { board_id: board, media_source: { source_type: 'pin_url', url: 'x' } }],
      ['POST', '/v5/pins', { board_id: board, media_source: { source_type: 'image_base64', content_type: 'image/png', data: '!!' } }],
      ['POST', '/v5/pins', { board_id: board, media_source: { source_type: 'multiple_image_urls', items: [{ url: 'https://x.example/a.jpg' }] } }],
      ['POST', '/v5/pins', { board_id: board, media_source: { source_type: 'video_id', media_id: '123' } }],
      ['POST', '/v5/pins', { board_id: 'abc', media_source: { source_type: 'image_url', url: 'https://x.example/a.jpg' } }],
      ['PATCH', `/v5/boards/${board}`, { privacy: 'PROTECTED' }],
      ['POST', `/v5/boards/${board}/sections`, { name: '' }],
      ['POST', '/v5/media', { media_type: 'image' }],
      ['GET', '/v5/pinboard/already_saved?content_sha256=zz'],
    ];
    for (const call of bad) {
      const res = await v5(t, p.token, ...call);
      expect([call[0], call[1], res.status, Object.keys(res.body ?? {}).sort()]).toEqual([call[0], call[1], 400, ['code', 'message']]);
    }
    // Bytes that are no picture are refused as an unsupported type, like an upload's.
    const notPicture = await v5(t, p.token, 'POST', '/v5/pins', {
      board_id: board,
      media_source: { source_type: 'image_base64', content_type: 'image/png', data: 'AAAA' },
    });
    expect([notPicture.status, Object.keys(notPicture.body).sort()]).toEqual([415, ['code', 'message']]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v5/boards',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect([malformed.statusCode, Object.keys(malformed.json()).sort()]).toEqual([400, ['code', 'message']]);
    for (const id of ['abc', '99999999999999999999', '-1']) {
      expect((await v5(t, p.token, 'GET', `/v5/pins/${id}`)).status).toBe(404);
      expect((await v5(t, p.token, 'GET', `/v5/boards/${id}`)).status).toBe(404);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.client().request('GET', '/api/openapi.json')).json();
    for (const path of [
      '/v5/user_account',
      '/v5/boards',
      '/v5/boards/{board_id}',
      '/v5/boards/{board_id}/pins',
      '/v5/boards/{board_id}/sections',
      '/v5/boards/{board_id}/sections/{section_id}',
      '/v5/boards/{board_id}/sections/{section_id}/pins',
      '/v5/pins',
      '/v5/pins/{pin_id}',
      '/v5/pins/{pin_id}/save',
      '/v5/media',
      '/v5/media/{media_id}',
      '/v5/pinboard/already_saved',
    ])
      expect(doc.paths[path], path).toBeTruthy();
    expect(Object.keys(doc.paths['/v5/boards/{board_id}']).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
