/** The demo's videos and Idea Pins: made locally at seed time, queued like uploads, made ready by the app's job queue (the demo now hands its transcodes to the queue). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeBoard, makeUser } from '../src/seed/factories';
import { seedDemoVideos } from '../src/seed/demo-videos';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('seeds three videos that become ready and two Idea Pins', async () => {
  const users = [];
  for (let i = 0; i < 6; i++) users.push(await makeUser(t.db, { username: `demo_v${i}` }));
  const boards = [];
  for (const u of users) boards.push({ ...(await makeBoard(t.db, u.id, { name: 'Board' })), ownerId: u.id });
  // One-second videos keep the test short; the demo's are four seconds.
  const made = await seedDemoVideos({ db: t.db, media: t.media, enqueueTranscode: t.services.enqueueTranscode }, users, boards, 1);
  expect(made).toEqual({ videos: 3, ideas: 2 });
  let statuses: string[] = [];
  for (let i = 0; i < 900; i++) {
    statuses = (await t.db.query<{ video_status: string }>('SELECT video_status FROM pins WHERE video_status IS NOT NULL')).map((r) => r.video_status);
    if (statuses.every((s) => s !== 'processing')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(statuses).toEqual(['ready', 'ready', 'ready']);
  const [ideas] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE story_pin_data IS NOT NULL');
  expect(ideas!.n).toBe(2);
  const tab = await t.client().resource('UserStoryPinsResource', 'get', { username: users[2]!.username });
  expect(tab.data[0].story_pin_data.page_count).toBe(3);
}, 180_000);
