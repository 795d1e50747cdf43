import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, followBoard, makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let baseUrl: string;
let image: StoredImage;
let ann: TestClient;
let annId: string;
let ben: TestClient;
let benId: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  image = await makeStoredImage(t.media, { seed: 11, width: 300, height: 400 });
  ann = t.client();
  ben = t.client();
  annId = (await ann.signUp({ email: 'send-ann@example.com', username: 'send_ann', full_name: 'Ann Sender' })).id;
  benId = (await ben.signUp({ email: 'send-ben@example.com', username: 'send_ben', full_name: 'Ben Receiver' })).id;
});
afterAll(async () => {
  // A stream the client aborted can keep its socket open on the server; closing the app would wait for it.
  t?.app.server.closeAllConnections();
  await t?.close();
});

const count = async (table: string) => (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
const messageCounts = async () => [await count('conversations'), await count('conversation_members'), await count('messages')];

const sendPin = (c: TestClient, userIds: string[], pinId: unknown, extra: Record<string, unknown> = {}) =>
  c.resource('ConversationsResource', 'create', { user_ids: userIds, pin_id: pinId, ...extra });
const messagesOf = (c: TestClient, conversationId: string) => c.resource('ConversationMessagesResource', 'get', { conversation_id: conversationId });

async function person(username: string) {
  const c = t.client();
  const { id } = await c.signUp({ email: `${username}@example.com`, username });
  return { c, id };
}

/** Reads the conversation's event stream until the first `message` event, and returns its raw data. */
async function firstStreamedMessage(c: TestClient, conversationId: string, whileOpen: () => Promise<unknown>) {
  const abort = new AbortController();
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${baseUrl}/v3/conversations/${conversationId}/events/`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const read = async (until: (block: string) => boolean) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const blocks = buffer.split('\n\n');
      const found = blocks.slice(0, -1).find(until);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching event in time');
      const chunk = await reader.read();
      if (chunk.done) throw new Error('the stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  try {
    await read((b) => b.includes(': connected'));
    await whileOpen();
    const block = await read((b) => b.startsWith('event: message'));
    return block
      .split('\n')
      .find((line) => line.startsWith('data: '))!
      .slice(6);
  } finally {
    abort.abort();
  }
}

describe('sending a Pin', () => {
  it('sends a visible Pin without text; both members see it as a small Pin', async () => {
    const cook = await makeUser(t.db, { username: 'send_cook' });
    const board = await makeBoard(t.db, cook.id, { name: 'Soups' });
    const pinId = await makePin(t.db, { pinnerId: cook.id, boardId: board.id, image, title: 'Green soup' });

    const r = await sendPin(ann, [benId], pinId);
    expect(r.httpStatus).toBe(200);
    expect(r.data.last_message).toMatchObject({ text: '', pin_id: pinId, pin_unavailable: false, pin: { id: pinId, title: 'Green soup' } });

    const forBen = await messagesOf(ben, r.data.id);
    expect(forBen.data).toHaveLength(1);
    const [message] = forBen.data;
    expect(message).toMatchObject({ sender_id: annId, text: '', pin_id: pinId, pin_unavailable: false });
    expect(message.pin).toMatchObject({ id: pinId, title: 'Green soup', width: 300, height: 400 });
    expect(message.pin.images['236x'].url).toMatch(/^\/media\//);
    const inbox = await ben.resource('ConversationsResource', 'get', {});
    expect(inbox.data.find((c: { id: string }) => c.id === r.data.id).last_message.pin.id).toBe(pinId);

    // A reply in the same conversation may carry a Pin and text too.
    const replied = await ben.resource('ConversationMessagesResource', 'create', { conversation_id: r.data.id, pin_id: pinId, text: 'Yum' });
    expect(replied.httpStatus).toBe(200);
    expect(replied.data).toMatchObject({ text: 'Yum', pin: { id: pinId } });
  });

  it("shows a Pin on a secret board as unavailable to a recipient who can't see it, everywhere", async () => {
    const board = await makeBoard(t.db, annId, { name: 'Surprise party', privacy: 'secret' });
    const pinId = await makePin(t.db, { pinnerId: annId, boardId: board.id, image, title: 'Cake plan' });

    const r = await sendPin(ann, [benId], pinId, { text: 'Shh' });
    expect(r.httpStatus).toBe(200);
    expect(r.data.last_message.pin).toMatchObject({ id: pinId });

    const forBen = await messagesOf(ben, r.data.id);
    const newest = forBen.data[0];
    expect(newest).toMatchObject({ text: 'Shh', pin_id: null, pin: null, pin_unavailable: true });
    expect(JSON.stringify(forBen.data)).not.toContain(pinId);
    expect(JSON.stringify(forBen.data)).not.toContain('Cake plan');
    const benInbox = await ben.resource('ConversationsResource', 'get', {});
    const conv = benInbox.data.find((c: { id: string }) => c.id === r.data.id);
    expect(conv.last_message).toMatchObject({ pin_id: null, pin: null, pin_unavailable: true });
    expect((await ann.resource('ConversationMessagesResource', 'get', { conversation_id: r.data.id })).data[0].pin.id).toBe(pinId);

    // The live stream presents each message for its own reader too.
    const streamed = await firstStreamedMessage(ben, r.data.id, () =>
      ann.resource('ConversationMessagesResource', 'create', { conversation_id: r.data.id, pin_id: pinId }),
    );
    expect(JSON.parse(streamed)).toMatchObject({ pin_id: null, pin: null, pin_unavailable: true });
    expect(streamed).not.toContain(pinId);
    const streamedToAnn = await firstStreamedMessage(ann, r.data.id, () =>
      ann.resource('ConversationMessagesResource', 'create', { conversation_id: r.data.id, pin_id: pinId, text: 'again' }),
    );
    expect(JSON.parse(streamedToAnn)).toMatchObject({ pin_id: pinId, pin: { id: pinId, title: 'Cake plan' } });

    // Once the board is public, the same message shows the Pin to Ben.
    await t.db.query("UPDATE boards SET privacy = 'public' WHERE id = $1", [board.id]);
    const shh = (await messagesOf(ben, r.data.id)).data.find((m: { text: string }) => m.text === 'Shh');
    expect(shh).toMatchObject({ pin_id: pinId, pin: { id: pinId }, pin_unavailable: false });
  });

  it("refuses a Pin the sender can't see or that does not exist (404), writing nothing", async () => {
    const other = await makeUser(t.db, { username: 'send_other' });
    const secret = await makeBoard(t.db, other.id, { name: 'Mine only', privacy: 'secret' });
    const hiddenPin = await makePin(t.db, { pinnerId: other.id, boardId: secret.id, image });
    const before = await messageCounts();
    expect((await sendPin(ann, [benId], hiddenPin)).httpStatus).toBe(404);
    expect((await sendPin(ann, [benId], '123456789')).httpStatus).toBe(404);
    expect(await messageCounts()).toEqual(before);
  });

  it('refuses sending to someone who blocked the sender as to a missing person (404), writing nothing', async () => {
    const blocker = await person('send_blocker');
    const pinId = await makePin(t.db, { pinnerId: annId, image, title: 'Public thing' });
    expect((await blocker.c.resource('UserBlockResource', 'create', { blocked_user_id: annId })).httpStatus).toBe(200);
    const before = await messageCounts();
    const r = await sendPin(ann, [blocker.id], pinId);
    expect(r.httpStatus).toBe(404);
    expect(r.error?.message).toBe('That person could not be found.');
    expect(await messageCounts()).toEqual(before);
  });

  it('refuses bad input (400) and signed-out senders (401), writing nothing', async () => {
    const pinId = await makePin(t.db, { pinnerId: annId, image });
    const before = await messageCounts();
    for (const bad of ['abc', '', 12, null]) expect((await sendPin(ann, [benId], bad)).error?.field).toBe('pin_id');
    const noPinNoText = await ann.resource('ConversationsResource', 'create', { user_ids: [benId] });
    expect(noPinNoText.error).toMatchObject({ field: 'text', message: 'Say something first.' });
    expect((await sendPin(ann, [benId], pinId, { text: 'x'.repeat(2001) })).error?.field).toBe('text');
    expect((await sendPin(ann, [annId], pinId)).error?.field).toBe('user_ids');
    expect((await sendPin(t.client(), [benId], pinId)).httpStatus).toBe(401);
    expect(await messageCounts()).toEqual(before);
  });
});

async function walkHome(c: TestClient, pageSize: number) {
  const seen: string[] = [];
  let bookmark: string | null | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await c.resource('UserHomefeedResource', 'get', { page_size: pageSize, ...(bookmark ? { bookmark } : {}) });
    expect(res.httpStatus).toBe(200);
    if (res.bookmark) expect(res.data).toHaveLength(pageSize);
    seen.push(...res.data.map((p: { id: string }) => p.id));
    bookmark = res.bookmark;
    if (!bookmark) break;
  }
  return seen;
}

describe('hiding a Pin', () => {
  const hide = (c: TestClient, pinId: unknown) => c.resource('PinHideResource', 'create', { pin_id: pinId });
  const unhide = (c: TestClient, pinId: unknown) => c.resource('PinHideResource', 'delete', { pin_id: pinId });

  it('takes the Pin out of the home feed, across pages, until it is shown again', async () => {
    const viewer = await person('hide_viewer');
    const followed = await makeUser(t.db, { username: 'hide_followed' });
    const curator = await makeUser(t.db, { username: 'hide_curator' });
    await follow(t.db, viewer.id, followed.id);
    const board = await makeBoard(t.db, followed.id, { name: 'Followed board' });
    const curated = await makeBoard(t.db, curator.id, { name: 'Curated' });
    await followBoard(t.db, viewer.id, curated.id);

    const all: string[] = [];
    for (let i = 0; i < 5; i++) all.push(await makePin(t.db, { pinnerId: followed.id, boardId: board.id, image }));
    all.push(await makePin(t.db, { pinnerId: curator.id, boardId: curated.id, image }));
    // The followed person's newest Pins, more than a page of them, are the hidden ones.
    const hidden: string[] = [];
    for (let i = 0; i < 7; i++) hidden.push(await makePin(t.db, { pinnerId: followed.id, boardId: board.id, image }));
    all.push(...hidden);
    const alsoHidden = all[2]!;
    const curatedHidden = all[5]!;

    for (const id of [...hidden, alsoHidden, curatedHidden]) {
      const r = await hide(viewer.c, id);
      expect(r.httpStatus).toBe(200);
      expect(r.data).toEqual({ pin_id: id, is_hidden: true });
    }
    // Hiding twice is fine and changes nothing.
    expect((await hide(viewer.c, alsoHidden)).httpStatus).toBe(200);
    expect(await count(`pin_hides WHERE user_id = ${viewer.id}`)).toBe(9);

    const gone = new Set([...hidden, alsoHidden, curatedHidden]);
    const expected = all.filter((id) => !gone.has(id)).sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));
    expect(await walkHome(viewer.c, 2)).toEqual(expected);
    expect(await walkHome(viewer.c, 25)).toEqual(expected);
    // Only the one who hid it is affected.
    const otherFollower = await person('hide_other');
    await follow(t.db, otherFollower.id, followed.id);
    expect(await walkHome(otherFollower.c, 25)).toContain(alsoHidden);
    // The Pin itself is still there.
    expect((await viewer.c.request('GET', `/v3/pins/${alsoHidden}/`)).statusCode).toBe(200);

    const shown = await unhide(viewer.c, alsoHidden);
    expect(shown.data).toEqual({ pin_id: alsoHidden, is_hidden: false });
    expect(await walkHome(viewer.c, 2)).toContain(alsoHidden);
    expect((await unhide(viewer.c, alsoHidden)).httpStatus).toBe(200);
  });

  it("answers 404 for Pins the viewer can't see or that don't exist, refuses one's own Pin, and writes nothing", async () => {
    const viewer = await person('hide_refused');
    const owner = await makeUser(t.db, { username: 'hide_owner' });
    const secret = await makeBoard(t.db, owner.id, { name: 'Secret', privacy: 'secret' });
    const secretPin = await makePin(t.db, { pinnerId: owner.id, boardId: secret.id, image });
    const ownPin = await makePin(t.db, { pinnerId: viewer.id, image });
    const publicPin = await makePin(t.db, { pinnerId: owner.id, image });
    const before = await count('pin_hides');

    expect((await hide(viewer.c, secretPin)).httpStatus).toBe(404);
    expect((await unhide(viewer.c, secretPin)).httpStatus).toBe(404);
    expect((await hide(viewer.c, '123456789')).httpStatus).toBe(404);
    const own = await hide(viewer.c, ownPin);
    expect(own.httpStatus).toBe(400);
    expect(own.error?.message).toBe("You can't hide your own Pin.");
    for (const bad of ['abc', '', null, 5]) expect((await hide(viewer.c, bad)).error?.field).toBe('pin_id');
    expect((await viewer.c.resource('PinHideResource', 'create', { pin_id: publicPin, extra: 1 })).httpStatus).toBe(400);
    expect((await hide(t.client(), publicPin)).httpStatus).toBe(401);
    expect(await count('pin_hides')).toBe(before);
  });
});
