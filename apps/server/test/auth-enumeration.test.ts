/**
 * What sign-up and log-in tell a stranger about which accounts exist, and the
 * passwords they refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChecks } from '../src/modules/auth/passwords';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_EMAIL_CONFLICT_RATE_LIMIT_CLIENT: '2' });
});
afterAll(() => t.close());

const signUp = (ip: string, email: string, password = 'correct horse battery') =>
  t.client({ ip }).resource('UserRegisterResource', 'create', { email, password });

describe('log-in', () => {
  it('runs the Argon2id check for a name no account has, as for a wrong password', async () => {
    await t.client({ ip: '192.0.2.1' }).signUp({ email: 'known@example.com', username: 'known_one' });
    const before = passwordChecks.count;
    const unknown = await t
      .client({ ip: '192.0.2.2' })
      .resource('UserSessionResource', 'create', { username_or_email: 'nobody_here', password: 'some password' });
    expect(unknown.httpStatus).toBe(401);
    expect(passwordChecks.count - before).toBe(1);
    const wrong = await t.client({ ip: '192.0.2.2' }).resource('UserSessionResource', 'create', { username_or_email: 'known_one', password: 'some password' });
    expect(wrong.httpStatus).toBe(401);
    expect(passwordChecks.count - before).toBe(2);
    expect(unknown.error?.message).toBe(wrong.error?.message);
  });
});

describe('sign-up with an email that has an account', () => {
  it('answers 409 without saying the email is taken', async () => {
    await signUp('192.0.2.10', 'mine@example.com');
    const again = await signUp('192.0.2.11', 'MINE@example.com');
    expect(again.httpStatus).toBe(409);
    expect(again.error?.message).not.toMatch(/taken|exists|already|registered/i);
  });

  it('may be asked only a few times per client; past that every sign-up from it waits, so the wait tells nothing', async () => {
    await signUp('192.0.2.20', 'probed@example.com');
    const prober = '203.0.113.30';
    const answers = await Promise.all(Array.from({ length: 8 }, () => signUp(prober, 'probed@example.com')));
    const statuses = answers.map((a) => a.httpStatus);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    for (const a of answers.filter((x) => x.httpStatus === 429)) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    // A fresh email from the same client waits too: a 429 does not mean "taken".
    expect((await signUp(prober, 'brand.new@example.com')).httpStatus).toBe(429);
    expect((await signUp('203.0.113.31', 'brand.new@example.com')).httpStatus).toBe(200);
  });
});

describe('common passwords', () => {
  it('are refused at sign-up with 400 naming the password field, whatever their case', async () => {
    for (const password of ['password', 'Password123', 'QWERTYUIOP', 'iloveyou1', 'trustno1']) {
      const r = await signUp('192.0.2.40', `common.${password.toLowerCase()}@example.com`, password);
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('password');
      expect(r.error?.message).toBe('That password is too common. Please choose one that is harder to guess.');
    }
    expect((await signUp('192.0.2.40', 'uncommon@example.com', 'pebbles under the old bridge')).httpStatus).toBe(200);
  });
});
