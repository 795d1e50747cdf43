/**
 * The demo accounts have the password the README publishes: none of them is staff but `moderator`,
 * and start-up warns when they can sign in on a site others can reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords';
import { seedDemoEntry } from '../src/seed/demo-entry';
import { demoAccountsWithPublishedPassword, isLoopbackUrl, publishedPasswordWarning } from '../src/seed/demo-logins';
import { seedDemoTakedowns } from '../src/seed/demo-takedowns';
import { seedDemoTopics } from '../src/seed/demo-topics';
import { makeUser } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('the demo accounts', () => {
  it('make only moderator staff: the demo person cannot read the staff pages, moderator can', async () => {
    const demo = await makeUser(t.db, { username: 'demo', fullName: 'Demo Person' });
    const others = [await makeUser(t.db, { username: 'ava_lindqvist' }), await makeUser(t.db, { username: 'mateo_rivera' })];
    await seedDemoEntry(t.db, [demo.id, ...others.map((u) => u.id)]);
    await seedDemoTakedowns(t.db);
    await seedDemoTopics(
      { db: t.db, media: t.media },
      demo.id,
      others.map((u) => u.id),
    );

    const staff = await t.db.query<{ username: string }>('SELECT username FROM users WHERE is_employee ORDER BY username');
    expect(staff.map((r) => r.username)).toEqual(['moderator']);

    const asDemo = t.client();
    expect((await asDemo.resource('UserSessionResource', 'create', { username_or_email: 'demo', password: 'correct horse battery' })).httpStatus).toBe(200);
    expect((await asDemo.resource('EntrySignupsResource', 'get', { weeks: 12 })).httpStatus).toBe(404);
    expect((await asDemo.resource('ModerationQueueResource', 'get', {})).httpStatus).toBe(403);

    const asModerator = t.client();
    expect(
      (await asModerator.resource('UserSessionResource', 'create', { username_or_email: 'moderator', password: 'correct horse battery' })).httpStatus,
    ).toBe(200);
    const signups = await asModerator.resource('EntrySignupsResource', 'get', { weeks: 12 });
    expect(signups.httpStatus).toBe(200);
    expect(signups.data.weeks.length).toBeGreaterThan(0);
    const queue = await asModerator.resource('ModerationQueueResource', 'get', {});
    expect(queue.httpStatus).toBe(200);
  });

  it('are named in one start-up warning when the site is not on a loopback address', async () => {
    // From the test above: demo, ava_lindqvist, mateo_rivera, moderator and pinboard_editors, all with the published password.
    expect(await demoAccountsWithPublishedPassword(t.db)).toEqual(['demo', 'ava_lindqvist', 'mateo_rivera', 'moderator', 'pinboard_editors']);
    const warning = await publishedPasswordWarning(t.db, 'https://pins.example');
    expect(warning).toMatch(/^WARNING: https:\/\/pins\.example is not a loopback address/);
    expect(warning).toContain('moderator is staff');
    expect(warning).not.toContain('\n');
    expect(await publishedPasswordWarning(t.db, 'http://localhost:3000')).toBeNull();
    expect(await publishedPasswordWarning(t.db, 'http://127.0.0.1:3210')).toBeNull();

    // Once their passwords are changed, nothing to warn about.
    const changed = await hashPassword('a much better secret 42', 19456);
    await t.db.query('UPDATE users SET password_hash = $1', [changed]);
    expect(await publishedPasswordWarning(t.db, 'https://pins.example')).toBeNull();
  });

  it('tells loopback addresses from others', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1', 'http://127.1.2.3:80/', 'http://[::1]:3000', 'http://app.localhost'])
      expect(isLoopbackUrl(url)).toBe(true);
    for (const url of ['https://pins.example', 'http://10.0.0.5:3000', 'http://0.0.0.0:3000', 'http://localhost.example.com', 'not a url'])
      expect(isLoopbackUrl(url)).toBe(false);
  });
});
