/**
 * Input a client controls never makes the server fail: ids past the signed
 * 64-bit range, bookmarks that decode to the wrong shape, invite codes that
 * do not decode, and page paths with malformed escapes all answer 4xx in the
 * envelope of their endpoint (docs/product/api-contract.md §4), never 5xx.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../src/plugins/error-handler';
import { follow, makeBoard, makePin, makeSection, makeStoredImage, makeUser } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';
import { plainApiRoutes } from './access-matrix/routes';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { METHOD_OF_ACTION, type ActionName } from '../src/lib/resources';

let t: TestApp;
let me: TestClient;
let meId: string;
let boardId: string;
let pinId: string;
let sectionId: string;
let conversationId: string;

const TOO_BIG = '99999999999999999999';
const INT64_MAX = '9223372036854775807';
const INT64_MAX_PLUS_ONE = '9223372036854775808';

beforeAll(async () => {
  t = await buildTestApp();
  me = t.client();
  meId = (await me.signUp({ email: 'hostile@example.com', username: 'hostile' })).id;
  const board = await makeBoard(t.db, meId, { name: 'Hostile' });
  boardId = board.id;
  sectionId = await makeSection(t.db, boardId, 'Part');
  const image = await makeStoredImage(t.media, { seed: 3, width: 200, height: 200 });
  pinId = await makePin(t.db, { pinnerId: meId, boardId, image, title: 'p' });
  const friend = await makeUser(t.db, { username: 'hostile_friend' });
  await follow(t.db, friend.id, meId);
  await follow(t.db, meId, friend.id);
  const started = await me.resource('ConversationsResource', 'create', { user_ids: [friend.id], text: 'hello' });
  expect(started.httpStatus).toBe(200);
  conversationId = started.data.id;
});
afterAll(() => t.close());

describe('ids past the signed 64-bit range', () => {
  it('answer 404 on a spec path, in the bare envelope', async () => {
    for (const id of [TOO_BIG, INT64_MAX_PLUS_ONE, '18446744073709551616']) {
      const res = await t.client().request('GET', `/v3/pins/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.NOT_FOUND.code });
    }
    expect((await t.client().request('GET', `/v3/pins/${INT64_MAX}/`)).statusCode).toBe(404);
    expect((await t.client().request('GET', `/v3/pins/${pinId}/`)).statusCode).toBe(200);
  });

  it('answer 400 naming the option in the resource layer, signed out and signed in', async () => {
    const cases: [string, 'get' | 'create' | 'update' | 'delete', Record<string, unknown>, string][] = [
      ['PinResource', 'get', { id: TOO_BIG }, 'id'],
      ['PinResource', 'update', { id: TOO_BIG, title: 'x' }, 'id'],
      ['PinResource', 'delete', { id: INT64_MAX_PLUS_ONE }, 'id'],
      ['BoardResource', 'get', { board_id: TOO_BIG }, 'board_id'],
      ['BoardFeedResource', 'get', { board_id: TOO_BIG }, 'board_id'],
      ['BoardFeedResource', 'get', { board_id: boardId, section_id: TOO_BIG }, 'section_id'],
      ['BoardSectionResource', 'get', { section_id: TOO_BIG }, 'section_id'],
      ['UserFollowResource', 'create', { user_id: TOO_BIG }, 'user_id'],
      ['UserBlockResource', 'create', { blocked_user_id: TOO_BIG }, 'blocked_user_id'],
      ['RepinResource', 'create', { pin_id: pinId, board_id: TOO_BIG }, 'board_id'],
    ];
    for (const client of [t.client(), me]) {
      for (const [name, action, options, field] of cases) {
        const res = await client.resource(name, action, options);
        const what = `${name} ${action} ${JSON.stringify(options)}`;
        if (res.httpStatus === 401) continue; // signed out: the session is checked first
        expect(res.httpStatus, what).toBe(400);
        expect(res.error?.field, what).toBe(field);
        expect(res.error?.message, what).toMatch(new RegExp(`^${field}: `));
      }
    }
    // The largest id still reads as a missing Pin.
    expect((await me.resource('PinResource', 'get', { id: INT64_MAX })).httpStatus).toBe(404);
  });

  it('answer a not-found page for a Pin page', async () => {
    const res = await t.client().request('GET', `/pin/${TOO_BIG}/`, { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Bookmarks that decode, but not to a cursor of the list they are sent to. */
function badBookmarks(): string[] {
  const wrong: unknown[] = [
    null,
    true,
    {},
    [],
    'x',
    '',
    -1,
    '-1',
    1.5,
    '1.5',
    1e300,
    '1e300',
    TOO_BIG,
    INT64_MAX_PLUS_ONE,
    '2024-13-45T99:99:99.000Z',
    'o',
    '\u0000',
    { a: 1 },
  ];
  const fine = ['2024-01-01T00:00:00.000Z', '1'];
  const out = new Set<string>(['not a cursor', '%%%', b64({ a: 1 }), b64('["1"]'), b64(5), b64(null), b64([['1']]), b64(['1', '1', '1', '1'])]);
  for (const v of wrong) {
    for (const tuple of [[v], [v, v], [v, v, v], [fine[0], v], [v, fine[1]], [0, v, '1'], [0, '1', v]]) out.add(b64(tuple));
  }
  return [...out];
}

/** Fit no list's cursor. */
const neverCursors = [
  b64({ a: 1 }),
  b64([]),
  b64(['x']),
  b64([TOO_BIG]),
  b64(['-1']),
  b64([1e300]),
  b64([{}]),
  b64([TOO_BIG, TOO_BIG]),
  b64([1e300, TOO_BIG, '1']),
];

describe('bookmarks that decode to the wrong shape', () => {
  it('answer 400 naming bookmark on every list', async () => {
    const lists: [string, Record<string, unknown>][] = [
      ['UserHomefeedResource', {}],
      ['BoardFeedResource', { board_id: '' }],
      ['BoardFeedResource', { board_id: '', section_id: '' }],
      ['BoardsResource', { username: 'hostile', sort: 'alphabetical' }],
      ['BoardsResource', { username: 'hostile', sort: 'custom' }],
      ['BoardsResource', { username: 'hostile', sort: 'last_pinned_to' }],
      ['BoardsResource', { username: 'hostile_friend' }],
      ['UserFollowersResource', { username: 'hostile' }],
      ['UserFollowingResource', { username: 'hostile' }],
      ['BoardInvitesResource', { current_user: true }],
      ['BoardInvitesResource', { board_id: '' }],
      ['BaseSearchResource', { query: 'p', scope: 'pins' }],
      ['BaseSearchResource', { query: 'hostile', scope: 'boards' }],
      ['BaseSearchResource', { query: 'hostile', scope: 'users' }],
      ['ConversationsResource', {}],
      ['ConversationMessagesResource', { conversation_id: '' }],
      ['UserTriedPinsResource', { username: 'hostile' }],
      ['UserPinsResource', { username: 'hostile' }],
      ['UserCreatedPinsResource', { username: 'hostile' }],
      ['BoardlessPinsResource', { username: 'hostile' }],
    ];
    // Some of these fit one list's cursor (any text is a board name, -1 a position): those may answer 200.
    // None may answer 5xx, and every refusal names bookmark.
    const failures: string[] = [];
    let refused = 0;
    for (const [name, template] of lists) {
      const options = Object.fromEntries(
        Object.entries(template).map(([k, v]) => [k, v !== '' ? v : k === 'board_id' ? boardId : k === 'section_id' ? sectionId : conversationId]),
      );
      const ok = await me.resource(name, 'get', options);
      expect(ok.httpStatus, `${name} ${JSON.stringify(options)}`).toBe(200);
      for (const bookmark of [...badBookmarks(), ...neverCursors]) {
        const res = await me.resource(name, 'get', { ...options, bookmark });
        const what = `${name} ${JSON.stringify(options)} ${Buffer.from(bookmark, 'base64url').toString()}: ${res.httpStatus} ${res.error?.field}`;
        if (res.httpStatus === 400 && res.error?.field === 'bookmark') refused++;
        else if (res.httpStatus !== 200 || neverCursors.includes(bookmark)) failures.push(what);
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(lists.length * badBookmarks().length * 0.9);
  }, 120_000);

  it('answer 400 on spec paths too', async () => {
    for (const bookmark of [b64(['x']), b64([TOO_BIG]), b64([{}])]) {
      const res = await me.request('GET', `/v3/users/me/filtered/pins/?bookmark=${bookmark}`);
      expect(res.statusCode, bookmark).toBe(400);
      expect(res.json()).toMatchObject({ status: 'failure', field: 'bookmark' });
    }
  });
});

describe('invite codes and tokens that do not decode', () => {
  const hostile = ['%25', '%2525', '%252525', '%25E0%25A4%25A', '%2525zz', '%25%25', '%25ZZ', '%25C0%2580', '%25ED%25A0%2580', '%2500', 'a%25'];

  it('answer 4xx in the bare envelope when redeemed, signed in or out', async () => {
    for (const client of [t.client(), me]) {
      for (const code of hostile) {
        const res = await client.request('POST', `/v3/invite_code/${code}/redeem/`);
        expect(res.statusCode, code).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, code).toBeLessThan(500);
        expect(res.json(), code).toMatchObject({ status: 'failure' });
      }
    }
    // Signed in, a code that cannot be anyone's answers as an unknown one.
    expect((await me.request('POST', '/v3/invite_code/%2525/redeem/')).statusCode).toBe(404);
  });

  it('still redeem a real code sent URL-encoded twice, as the web app sends it', async () => {
    const owner = t.client();
    await owner.signUp({ email: 'inviter@example.com', username: 'inviter' });
    const { invite_code: code } = (await owner.resource('InviteCodeResource', 'get')).data;
    const res = await me.request('POST', `/v3/invite_code/${encodeURIComponent(encodeURIComponent(code))}/redeem/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe('inviter');
  });

  it('answer 400 naming invite_code on the landing call when the code does not decode', async () => {
    for (const code of ['%', '%E0%A4%A', '%25', '%25E0%25A4%25A', '%zz', '%25zz', '%2525%']) {
      const res = await t.client().request('POST', '/v3/invite_code/attribution/land/', { payload: { invite_code: code } });
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({ status: 'failure', field: 'invite_code' });
    }
    const fine = await t
      .client()
      .request('POST', '/v3/invite_code/attribution/land/', { payload: { invite_code: encodeURIComponent(encodeURIComponent('a b%c')) } });
    expect(fine.statusCode).toBe(200);
  });

  it('answer 4xx for board invite tokens and invite_code options', async () => {
    for (const token of [...hostile, '%', '%E0%A4%A', '\u0000', '\ud800']) {
      for (const client of [t.client(), me]) {
        for (const [name, action, options] of [
          ['BoardInviteTokenResource', 'get', { token }],
          ['BoardInviteTokenResource', 'update', { token }],
          ['UserResource', 'get', { username: 'hostile', invite_code: token }],
          ['UserFollowResource', 'create', { user_id: meId, invite_code: token }],
        ] as const) {
          const res = await client.resource(name, action, options);
          expect(res.httpStatus, `${name} ${action} ${JSON.stringify(token)}`).toBeLessThan(500);
        }
      }
    }
  });
});

describe('page paths with malformed percent-escapes', () => {
  const html = { accept: 'text/html' };

  it('answer a not-found page through the app, never 500', async () => {
    for (const path of [
      '/demo/%2',
      '/demo/%2/',
      '/%3g/',
      '/demo/%4/',
      '/demo/board/%2',
      '/pin/%2/',
      '/demo/%2F%2',
      '/%E0%A4%A/',
      '/demo/%zz/',
      '/hostile%00/',
      '/%00/',
    ]) {
      const res = await t.client().request('GET', path, { headers: html });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    // The router refuses malformed escapes itself (400); what it lets through reaches the page metadata.
    for (const path of ['/hostile%00/', '/%00/', '/hostile/hostile%00/', '/hostile/hostile/part%00/', '/pin/1%00/']) {
      const res = await t.client().request('GET', path, { headers: html });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body, path).toContain('Page not found');
    }
  });

  it('answer 4xx for a raw request target the router reads differently (a fragment)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of ['/demo/x#%zz', '/demo/%41#%E0%A4%A', '/pin/1#%']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers: html }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status, path).toBeLessThan(500);
    }
  });
});

describe('text holding NUL', () => {
  it('answers 400 naming the option instead of reaching PostgreSQL', async () => {
    const cases: [TestClient, string, 'get' | 'create' | 'update', Record<string, unknown>, string][] = [
      [t.client(), 'UserResource', 'get', { username: 'a\u0000b' }, 'username'],
      [t.client(), 'BoardResource', 'get', { username: 'hostile', slug: '\u0000' }, 'slug'],
      [t.client(), 'UserSessionResource', 'create', { username_or_email: '\u0000', password: 'correct horse battery' }, 'username_or_email'],
      [me, 'UserResource', 'update', { about: 'a\u0000b' }, 'about'],
      [me, 'UserResource', 'update', { pronouns: ['\u0000'] }, 'pronouns.0'],
      [me, 'BoardResource', 'create', { name: 'Nul\u0000' }, 'name'],
      [me, 'PinResource', 'update', { id: pinId, description: '\u0000' }, 'description'],
    ];
    for (const [client, name, action, options, field] of cases) {
      const res = await client.resource(name, action, options);
      expect(res.httpStatus, `${name} ${action} ${field}`).toBe(400);
      expect(res.error?.field, `${name} ${action} ${field}`).toBe(field);
    }
  });
});

/** Bodies sent as multipart/form-data that are not (or not quite) multipart, each as [Content-Type, body]. */
const PART = (headers: string, body: string) => `--xyz\r\n${headers}\r\n\r\n${body}`;
const MALFORMED_MULTIPART: [string, string][] = [
  ['multipart/form-data', '{"options":{}}'],
  ['multipart/form-data', ''],
  ['multipart/form-data; boundary=', '{"options":{}}'],
  ['multipart/form-data; boundary="unterminated', '{"options":{}}'],
  [
    'multipart/form-data; boundary=' + 'b'.repeat(300),
    `--${'b'.repeat(300)}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{}\r\n--${'b'.repeat(300)}--\r\n`,
  ],
  ['multipart/form-data; boundary=xyz', '{"options":{}}'],
  ['multipart/form-data; boundary=xyz', ''],
  ['multipart/form-data; boundary=xyz; charset=utf-8', 'garbage'],
  ['multipart/form-data; boundary=xyz', PART('Content-Disposition: form-data; name="options"', '{"options":')],
  ['multipart/form-data; boundary=xyz', PART('Content-Disposition: form-data; name="image"; filename="a.png"', '\x89PNG\r\n\x1a\n')],
  ['multipart/form-data; boundary=xyz', PART('Content-Disposition: form-data; name="video"; filename="a.webm"', '\x1aE\xdf\xa3')],
  ['multipart/form-data; boundary=xyz', PART('Content-Disposition form-data name=options', '{}') + '\r\n--xyz--\r\n'],
  [
    'multipart/form-data; boundary=xyz',
    PART('Content-Disposition: form-data; name="options"\r\nContent-Type: application/json', '{not json') + '\r\n--xyz--\r\n',
  ],
  ['multipart/form-data; boundary=xyz', PART('Content-Disposition: form-data; name="__proto__"', '{}') + '\r\n--xyz--\r\n'],
  ['multipart/mixed; boundary=xyz', '{"options":{}}'],
];

describe('bodies that say multipart and are not', () => {
  const failures: string[] = [];
  const check = (what: string, res: { statusCode: number; body: string }, wanted?: number) => {
    let enveloped: boolean;
    try {
      const body = JSON.parse(res.body) as { resource_response?: { status?: string }; status?: string };
      enveloped = (body.resource_response?.status ?? body.status) === (res.statusCode < 400 ? 'success' : 'failure');
    } catch {
      enveloped = false;
    }
    if (res.statusCode >= 500 || !enveloped || (wanted !== undefined && res.statusCode !== wanted))
      failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
  };

  it('answer 400 in the envelope on every upload action, never 5xx', async () => {
    const uploads = t.registry.all().flatMap((r) =>
      Object.entries(r.actions)
        .filter(([, a]) => a?.multipart)
        .map(([name]) => [r.name, name as ActionName] as const),
    );
    expect(uploads.map(([r, a]) => `${r} ${a}`)).toEqual(
      expect.arrayContaining(['PinResource create', 'StoryPinMediaResource create', 'ProfileCoverResource create']),
    );
    for (const [resource, action] of uploads) {
      for (const [contentType, body] of MALFORMED_MULTIPART) {
        if (contentType.startsWith('multipart/mixed')) continue;
        const res = await me.request(METHOD_OF_ACTION[action][0] as 'POST', `/resource/${resource}/${action}/`, {
          payload: Buffer.from(body, 'latin1'),
          headers: { 'content-type': contentType },
        });
        check(`${resource} ${action} ${JSON.stringify(contentType.slice(0, 60))} ${JSON.stringify(body.slice(0, 60))}`, res, 400);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answer 5xx on any other action or API route, signed in or out', async () => {
    const before = failures.length;
    for (const client of [t.client(), me]) {
      for (const resource of t.registry.all()) {
        for (const action of Object.keys(resource.actions) as ActionName[]) {
          for (const method of METHOD_OF_ACTION[action].filter((m) => m !== 'GET')) {
            for (const [contentType, body] of MALFORMED_MULTIPART) {
              const res = await client.request(method as 'POST', `/resource/${resource.name}/${action}/`, {
                payload: Buffer.from(body, 'latin1'),
                headers: { 'content-type': contentType },
              });
              check(`${method} ${resource.name} ${action} ${JSON.stringify(contentType.slice(0, 60))} ${JSON.stringify(body.slice(0, 60))}`, res);
            }
          }
        }
      }
      const routes = plainApiRoutes(t.app, ['/v3/', '/vx/', '/ads/']).filter((r) => !r.startsWith('GET '));
      expect(routes.length).toBeGreaterThan(5);
      for (const route of routes) {
        const [method, path] = route.split(' ') as ['POST', string];
        const url = path.replace(/:[a-zA-Z]+/g, (m) => (m === ':form' ? 'dsa' : m === ':code' ? 'nocode' : pinId));
        for (const [contentType, body] of MALFORMED_MULTIPART) {
          const res = await client.request(method, url, { payload: Buffer.from(body, 'latin1'), headers: { 'content-type': contentType } });
          check(`${route} ${JSON.stringify(contentType.slice(0, 60))} ${JSON.stringify(body.slice(0, 60))}`, res);
        }
      }
    }
    expect(failures.slice(before)).toEqual([]);
  }, 120_000);
});

describe('the error handler', () => {
  it('answers a URIError from decoding input with 400 in the envelope, not 500', async () => {
    const app = Fastify({ logger: false });
    await errorHandlerPlugin(app);
    app.get('/v3/decode/', async () => decodeURIComponent('%E0%A4%A'));
    app.get('/resource/Decode/get/', async () => decodeURIComponent('%'));
    const spec = await app.inject({ url: '/v3/decode/' });
    expect(spec.statusCode).toBe(400);
    expect(spec.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.INVALID_INPUT.code });
    const resource = await app.inject({ url: '/resource/Decode/get/' });
    expect(resource.statusCode).toBe(400);
    expect(resource.json()).toMatchObject({ resource_response: { status: 'failure', error: { http_status: 400, code: ERROR_CODES.INVALID_INPUT.code } } });
    await app.close();
  });
});

describe('addresses the router cannot read', () => {
  it('answer 400 in the envelope, for pages and API paths alike', async () => {
    for (const [url, accept] of [
      ['/%E0%A4%A/', 'text/html'],
      ['/demo/%zz/', 'text/html'],
      ['/v3/pins/%E0%A4%A/', 'application/json'],
    ] as const) {
      const res = await t.client().request('GET', url, { headers: { accept } });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      const error = body.resource_response?.error ?? body;
      expect(error.code ?? error.http_status).toBeDefined();
      expect(JSON.stringify(body)).toContain('That address could not be read.');
    }
  });
});

describe('dollar sequences in user text', () => {
  it("stay text in a page's first HTML", async () => {
    const owner = t.client();
    await owner.signUp({ email: 'dollars@example.com', username: 'dollars' });
    const description = "Costs $` and $& and $' and $$ and $1";
    const board = (await owner.resource('BoardResource', 'create', { name: 'Dollar board', description })).data;
    const page = await t.client().request('GET', `/dollars/${board.slug}/`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    // As the head writes text: & and ' as character references, every $ as it is.
    expect(page.body).toContain('Costs $` and $&#38; and $&#39; and $$ and $1');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body.match(/<\/html>/g)).toHaveLength(1);
  });
});
