/** The demo comments: a few under the first public Pins, none by the Pin's own pinner, the mention linking to the pinner. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoComments } from '../src/seed/demo-comments';
import { makeBoard, makePin, makeStoredImage, makeUser } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('writes comments on public Pins that the API lists, with their counts', async () => {
  const people = [
    await makeUser(t.db, { username: 'demo_c_ann' }),
    await makeUser(t.db, { username: 'demo_c_ben' }),
    await makeUser(t.db, { username: 'demo_c_cy' }),
  ];
  const image = await makeStoredImage(t.media, { seed: 77, width: 120, height: 160 });
  const board = await makeBoard(t.db, people[0]!.id, { name: 'Demo comments' });
  const secret = await makeBoard(t.db, people[0]!.id, { name: 'Demo secret', privacy: 'secret' });
  const pins = [];
  for (let i = 0; i < 4; i++) pins.push(await makePin(t.db, { pinnerId: people[0]!.id, boardId: board.id, image }));
  const hidden = await makePin(t.db, { pinnerId: people[0]!.id, boardId: secret.id, image });
  await seedDemoComments(t.db, people);

  const rows = await t.db.query<{ pin_id: string; author_id: string; text: string }>('SELECT pin_id, author_id, text FROM pin_comments');
  expect(rows.length).toBe(1 + 2 + 3 + 4);
  expect(rows.every((r) => r.author_id !== people[0]!.id && r.pin_id !== hidden)).toBe(true);
  const reader = t.client();
  const last = await reader.resource('PinCommentsResource', 'get', { pin_id: pins[3] });
  expect(last.data).toHaveLength(4);
  expect(last.data.some((c: { mentions: { username: string }[] }) => c.mentions.some((m) => m.username === 'demo_c_ann'))).toBe(true);
  expect((await reader.resource('PinResource', 'get', { id: pins[3] })).data.comment_count).toBe(4);
});
