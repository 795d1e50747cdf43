/**
 * The limits of rate-limit/limits.ts on every costly action (decision 025),
 * set small through the app's configuration: for each, the allowed number
 * answers as usual, then 429 RATE_LIMITED with Retry-After in the contract's
 * envelope, counted before the work (requests that fail later still count)
 * and atomically (of many requests at once, exactly the limit get through).
 */
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { COLLAGE_LAYER_MAX_SIZE, COLLAGE_MAX_LAYERS } from '@pinboard/shared/constants/collages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { clientKey } from '../src/rate-limit/limits';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let png: Buffer;
let dataUrl: string;

beforeAll(async () => {
  t = await buildTestApp({
    EXPERIMENT_GROUPS: 'collages:enabled',
    SIGNUP_RATE_LIMIT_CLIENT: '500',
    RATE_LIMIT_PIN_UPLOAD: '3',
    RATE_LIMIT_PIN_IMAGE_URL: '2',
    RATE_LIMIT_PIN_BUILDER_PAGE: '2',
    RATE_LIMIT_PIN_BUILDER_PREVIEW: '2',
    RATE_LIMIT_WEBSITE_CLAIM: '2',
    RATE_LIMIT_PROFILE_AVATAR: '2',
    RATE_LIMIT_PROFILE_COVER: '2',
    RATE_LIMIT_COLLAGE_RENDER: '2',
    RATE_LIMIT_MESSAGE: '5',
    RATE_LIMIT_CONVERSATION_START: '2',
    RATE_LIMIT_USER_REPORT: '2',
    RATE_LIMIT_TAKEDOWN: '2',
    RATE_LIMIT_TAKEDOWN_ANONYMOUS: '2',
    RATE_LIMIT_TAKEDOWN_ANONYMOUS_WINDOW_SECONDS: '600',
    MAX_MESSAGE_STREAMS_PER_PERSON: '2',
    MAX_MESSAGE_STREAMS_PER_CLIENT: '3',
  });
  png = await makeTestImage({ width: 120, height: 90, format: 'png', color: '#2080c0' });
  dataUrl = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(() => t?.close());

const person = (name: string): Promise<TestPerson> => t.person(name, 'lim');

interface Answer {
  httpStatus: number;
  headers?: Record<string, unknown>;
  error?: { code: number; message: string } | undefined;
}

/** 429 in the resource envelope, with the RATE_LIMITED code and a Retry-After of at most `maxSeconds`. */
function expectLimited(r: Answer, maxSeconds: number) {
  expect(r.httpStatus).toBe(429);
  expect(r.error?.code).toBe(ERROR_CODES.RATE_LIMITED.code);
  const retryAfter = Number(r.headers?.['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

/** The Retry-After bound of a budget: one comes back every window/limit seconds. */
const interval = (name: keyof TestApp['config']['actionLimits']) => {
  const { limit, windowSeconds } = t.config.actionLimits[name];
  return Math.ceil(windowSeconds / limit);
};

const uploadPin = (c: TestClient) => c.upload('PinResource', 'create', { title: 'Limited' }, png, 'image.png');
const pinCount = async (userId: string) => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE pinner_id = $1', [userId]))!.n;

describe('Pins', () => {
  it('of 10 uploads at once with a limit of 3, exactly 3 make a Pin; the others answer 429 with Retry-After', async () => {
    const p = await person('Uploader');
    const results = await Promise.all(Array.from({ length: 10 }, () => uploadPin(p.c)));
    expect(results.filter((r) => r.httpStatus === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.httpStatus !== 200);
    expect(refused).toHaveLength(7);
    // upload() keeps no headers: ask once more for them.
    const more = await p.c.resource('PinResource', 'create', { image_base64: dataUrl });
    for (const r of [...refused, more]) {
      expect(r.httpStatus).toBe(429);
      expect(r.error?.code).toBe(ERROR_CODES.RATE_LIMITED.code);
    }
    expectLimited(more, interval('pin_upload'));
    expect(await pinCount(p.id)).toBe(3);
    // Each person has their own budget.
    const other = await person('Other uploader');
    expect((await uploadPin(other.c)).httpStatus).toBe(200);
  });

  it('counts Pins from an image URL before fetching it: refused fetches count too', async () => {
    const p = await person('Linker');
    // A loopback address is refused by the guarded fetch (400), after the limit is taken.
    for (let i = 0; i < 2; i++) expect((await p.c.resource('PinResource', 'create', { image_url: `http://127.0.0.1/${i}.jpg` })).httpStatus).toBe(400);
    expectLimited(await p.c.resource('PinResource', 'create', { image_url: 'http://127.0.0.1/2.jpg' }), interval('pin_image_url'));
    // Uploads have a budget of their own.
    expect((await uploadPin(p.c)).httpStatus).toBe(200);
  });

  it("limits the Pin builder's page fetches and image previews per person", async () => {
    const p = await person('Builder');
    const page = (link: string) => p.c.resource('PinBuilderResource', 'get', { link });
    for (let i = 0; i < 2; i++) expect((await page(`http://127.0.0.1/page${i}`)).httpStatus).toBe(400);
    expectLimited(await page('http://127.0.0.1/page2'), interval('pin_builder_page'));

    const preview = (url: string) => p.c.request('GET', `/v3/pin-builder/image-preview/?url=${encodeURIComponent(url)}`);
    for (let i = 0; i < 2; i++) expect((await preview(`http://127.0.0.1/img${i}.jpg`)).statusCode).toBe(400);
    const over = await preview('http://127.0.0.1/img2.jpg');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.RATE_LIMITED.code });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('profiles', () => {
  it('limits profile picture uploads, not other profile edits', async () => {
    const p = await person('Avatar');
    const update = (options: Record<string, unknown>) => p.c.resource('UserResource', 'update', options);
    for (let i = 0; i < 2; i++) expect((await update({ profile_image_base64: dataUrl })).httpStatus).toBe(200);
    expectLimited(await update({ profile_image_base64: dataUrl }), interval('profile_avatar'));
    expect((await update({ about: 'Still editable' })).httpStatus).toBe(200);
  });

  it('limits cover uploads and website claims of a business account', async () => {
    const p = await person('Business');
    expect((await p.c.resource('BusinessAccountResource', 'create', {})).httpStatus).toBe(200);
    const cover = () => p.c.resource('ProfileCoverResource', 'create', { image_base64: dataUrl });
    for (let i = 0; i < 2; i++) expect((await cover()).httpStatus).toBe(200);
    expectLimited(await cover(), interval('profile_cover'));
    // Without a website the claim fails at once, but the attempt is counted all the same.
    const claim = () => p.c.resource('WebsiteClaimResource', 'create', {});
    for (let i = 0; i < 2; i++) expect((await claim()).httpStatus).toBe(400);
    expectLimited(await claim(), interval('website_claim'));
  });
});

describe('collages', () => {
  const layer = (pinId: string, size = 200) => ({ pin_id: pinId, x: 10, y: 10, width: size, height: size });

  it('limits renders (saving, changing and publishing a draft share one budget)', async () => {
    const p = await person('Collagist');
    const pin = (await uploadPin(p.c)).data.id as string;
    const draft = await p.c.resource('CollageResource', 'create', { layers: [layer(pin)] });
    expect(draft.httpStatus).toBe(200);
    expect((await p.c.resource('CollageResource', 'update', { id: draft.data.id, layers: [layer(pin, 300)] })).httpStatus).toBe(200);
    expectLimited(await p.c.resource('CollagePublishResource', 'create', { id: draft.data.id }), interval('collage_render'));
    expect((await t.db.one<{ n: number }>("SELECT count(*)::int AS n FROM pins WHERE pinner_id = $1 AND method = 'collage'", [p.id]))!.n).toBe(0);
  });

  it('of 6 drafts saved at once with a limit of 2, exactly 2 are rendered', async () => {
    const p = await person('Eager collagist');
    const pin = (await uploadPin(p.c)).data.id as string;
    const results = await Promise.all(Array.from({ length: 6 }, () => p.c.resource('CollageResource', 'create', { layers: [layer(pin)] })));
    expect(results.filter((r) => r.httpStatus === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.httpStatus !== 200)) expectLimited(r, interval('collage_render'));
  });

  it('refuses layers that are too large together, before rendering anything', async () => {
    const p = await person('Giant collagist');
    const pin = (await uploadPin(p.c)).data.id as string;
    const giant = Array.from({ length: COLLAGE_MAX_LAYERS }, () => ({ ...layer(pin, COLLAGE_LAYER_MAX_SIZE), x: -100, y: -100 }));
    const r = await p.c.resource('CollageResource', 'create', { layers: giant });
    expect(r.httpStatus).toBe(400);
    expect(r.error?.message).toBe('layers: these images are too large together. Make some of them smaller.');
    // Nothing was rendered, so the budget is untouched.
    for (let i = 0; i < 2; i++) expect((await p.c.resource('CollageResource', 'create', { layers: [layer(pin)] })).httpStatus).toBe(200);
  });
});

describe('messages', () => {
  const start = (c: TestClient, userIds: string[], text: string) => c.resource('ConversationsResource', 'create', { user_ids: userIds, text });
  const reply = (c: TestClient, conversationId: string, text: string) =>
    c.resource('ConversationMessagesResource', 'create', { conversation_id: conversationId, text });

  it('limits new conversations; writing again in one already there is not a new one', async () => {
    const [a, b, c, d] = await Promise.all([person('Starter'), person('Bea'), person('Cid'), person('Dot')]);
    expect((await start(a.c, [b.id], 'Hi Bea')).httpStatus).toBe(200);
    expect((await start(a.c, [c.id], 'Hi Cid')).httpStatus).toBe(200);
    const over = await start(a.c, [d.id], 'Hi Dot');
    expectLimited(over, interval('conversation_start'));
    expect(over.error?.message).toBe("You've started a lot of conversations today. Please wait a little and try again.");
    expect((await start(a.c, [b.id], 'Hi again Bea')).httpStatus).toBe(200);
    const conversations = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM conversation_members WHERE user_id = $1', [a.id]);
    expect(conversations!.n).toBe(2);
  });

  it('of 10 replies at once with 4 left, exactly 4 are sent', async () => {
    const [a, b] = await Promise.all([person('Chatty'), person('Listener')]);
    const conversation = (await start(a.c, [b.id], 'First')).data.id as string;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => reply(a.c, conversation, `Reply ${i}`)));
    expect(results.filter((r) => r.httpStatus === 200)).toHaveLength(4);
    for (const r of results.filter((r) => r.httpStatus !== 200)) expectLimited(r, interval('message'));
    const sent = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1', [a.id]);
    expect(sent!.n).toBe(5);
    // The other member's budget is their own.
    expect((await reply(b.c, conversation, 'My turn')).httpStatus).toBe(200);
  });
});

describe('reports and takedowns', () => {
  const takedown = (c: TestClient) =>
    c.request('POST', '/v3/legal/takedowns/dsa/', {
      payload: { law: 'DMCA', reported_url: 'https://pins.example/pin/1/', details: 'My photo.', reporter_country: 'DE', content_date: '2024-02-01' },
    });

  it('limits anonymous takedowns per client address (an IPv6 /64 is one client)', async () => {
    const first = t.client({ ip: '203.0.113.7' });
    for (let i = 0; i < 2; i++) expect((await takedown(first)).statusCode).toBe(200);
    // Another browser on the same address shares the count.
    const over = await takedown(t.client({ ip: '203.0.113.7' }));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.RATE_LIMITED.code });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect((await takedown(t.client({ ip: '203.0.113.8' }))).statusCode).toBe(200);

    for (const ip of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b']) expect((await takedown(t.client({ ip }))).statusCode).toBe(200);
    expect((await takedown(t.client({ ip: '2001:db8:1:2:0:0:0:c' }))).statusCode).toBe(429);
    expect((await takedown(t.client({ ip: '2001:db8:1:3::a' }))).statusCode).toBe(200);
  });

  it('limits signed-in takedowns and reports per person', async () => {
    const [p, q] = await Promise.all([person('Reporter'), person('Reported')]);
    for (let i = 0; i < 2; i++) expect((await takedown(p.c)).statusCode).toBe(200);
    expect((await takedown(p.c)).statusCode).toBe(429);
    const report = () => p.c.resource('UserReportResource', 'create', { user_id: q.id, reason: 'spam' });
    for (let i = 0; i < 2; i++) expect((await report()).httpStatus).toBe(200);
    expectLimited(await report(), interval('user_report'));
  });

  it('keys client addresses by IPv4 address and IPv6 /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:b')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('live message streams', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const opened: AbortController[] = [];
  afterAll(() => opened.forEach((a) => a.abort()));

  /** Opens a stream and reads its first bytes (the server has taken its place by then). */
  async function openStream(c: TestClient, conversationId: string) {
    const abort = new AbortController();
    opened.push(abort);
    const res = await fetch(`${baseUrl}/v3/conversations/${conversationId}/events/`, {
      headers: { cookie: cookieOf(c), accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const body = res.status === 200 ? (await res.body!.getReader().read(), '') : await res.text();
    return { res, body, close: () => abort.abort() };
  }

  /** Waits until the server has let go of a closed stream: a new one opens (or the wait gives up). */
  async function openWhenFreed(c: TestClient, conversationId: string) {
    for (let i = 0; i < 100; i++) {
      const s = await openStream(c, conversationId);
      if (s.res.status === 200) return s;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the closed stream was never let go of');
  }

  it('holds at most 2 streams per person and 3 per client address at once; a closed one frees its place', async () => {
    const [a, b, c] = await Promise.all([person('Streamer'), person('Streamee'), person('Third')]);
    const ab = (await a.c.resource('ConversationsResource', 'create', { user_ids: [b.id], text: 'Live?' })).data.id as string;
    const bc = (await b.c.resource('ConversationsResource', 'create', { user_ids: [c.id], text: 'Live too?' })).data.id as string;

    const first = await openStream(a.c, ab);
    const second = await openStream(a.c, ab);
    expect([first.res.status, second.res.status]).toEqual([200, 200]);
    const third = await openStream(a.c, ab);
    expect(third.res.status).toBe(429);
    expect(Number(third.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(third.body)).toMatchObject({ status: 'failure', code: ERROR_CODES.RATE_LIMITED.code });

    // Every request here comes from 127.0.0.1: the third stream from it is b's, the fourth is refused.
    const fromB = await openStream(b.c, bc);
    expect(fromB.res.status).toBe(200);
    const fromC = await openStream(c.c, bc);
    expect(fromC.res.status).toBe(429);

    first.close();
    const again = await openWhenFreed(a.c, ab);
    expect(again.res.status).toBe(200);
    expect((await openStream(a.c, ab)).res.status).toBe(429);
  });
});
