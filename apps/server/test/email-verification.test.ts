import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { outboxDir, readOutbox } from '../src/mail';
import { hashToken } from '../src/lib/tokens';
import { MemoryRateLimiter } from '../src/rate-limit';
import { DEFAULT_PASSWORD, makeUser } from '../src/seed/factories';
import { buildTestApp, TestClient, type TestApp } from './test-app';
import { openTestDb } from './test-db';

const RESEND = '/v3/users/email/verify/resend/';
const VERIFY = '/v3/users/email/verify/';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://pins.example' });
});
afterAll(() => t.close());

/** The mails to the address, once the queue has delivered every mail. */
const mailsTo = async (email: string) => {
  await t.jobsSettled('mail');
  return readOutbox(outboxDir(t.config)).filter((m) => m.to === email);
};

/** The token of the newest verification link mailed to the address. */
async function lastLinkTo(email: string) {
  const mail = (await mailsTo(email)).at(-1);
  const link = /https:\/\/pins\.example\/verify-email\/\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no verification link mailed to ${email}`);
  return { url: link[0], token: decodeURIComponent(link[1]!) };
}

async function post(c: TestClient, url: string, payload?: unknown) {
  const res = await c.request('POST', url, payload === undefined ? {} : { payload: payload as object });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { status: string; code: number; data?: any; message?: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const viewerOf = async (c: TestClient) => (await c.resource('UserSessionResource', 'get')).data as { email_verified?: boolean };

describe('the mail at sign-up', () => {
  it('sends a link to /verify-email/ with a token whose hash alone is stored; the new account is unverified', async () => {
    const c = t.client();
    await c.signUp({ email: 'new.member@example.com', full_name: 'Nia Member' });
    const [mail, ...more] = await mailsTo('new.member@example.com');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to: 'new.member@example.com', subject: 'Verify your email', from: 'Pinboard <no-reply@pins.example>' });
    expect(mail!.text).toContain('Hi Nia,');
    const { url, token } = await lastLinkTo('new.member@example.com');
    expect(mail!.html).toContain(`href="${url}"`);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(await viewerOf(c)).toMatchObject({ isAuth: true, email_verified: false });

    const stored = await t.db.query<{ token_hash: string; days: number }>(
      `SELECT token_hash, round(extract(epoch FROM t.expires_at - t.created_at) / 86400)::int AS days
       FROM email_verification_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'new.member@example.com'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(await t.db.query('SELECT * FROM email_verification_tokens'))).not.toContain(token);
    expect(stored[0]!.days).toBe(7);
  });

  it('leaves accounts not made through sign-up (existing and demo accounts) verified', async () => {
    const user = await makeUser(t.db);
    const c = t.client();
    await c.resource('UserSessionResource', 'create', { username_or_email: user.username, password: DEFAULT_PASSWORD });
    expect(await viewerOf(c)).toMatchObject({ isAuth: true, email_verified: true });
  });
});

describe('verifying with the link', () => {
  it("verifies the link's account even from a signed-out browser, and the Viewer says so", async () => {
    const member = t.client();
    await member.signUp({ email: 'verify.me@example.com' });
    const { token } = await lastLinkTo('verify.me@example.com');
    const res = await post(t.client(), VERIFY, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', data: { email_verified: true } });
    expect(await viewerOf(member)).toMatchObject({ email_verified: true });
  });

  it('refuses a used link with 409 and names it; every older link of the account counts as used too', async () => {
    const c = t.client();
    await c.signUp({ email: 'twice@example.com' });
    const first = (await lastLinkTo('twice@example.com')).token;
    expect((await post(c, RESEND)).status).toBe(200);
    const second = (await lastLinkTo('twice@example.com')).token;
    expect(second).not.toBe(first);
    expect((await post(c, VERIFY, { token: second })).status).toBe(200);
    for (const token of [second, first]) {
      const again = await post(c, VERIFY, { token });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        status: 'failure',
        code: ERROR_CODES.CONFLICT.code,
        message: 'This verification link has already been used. Your email is verified.',
      });
    }
  });

  it('refuses an expired link with 400 and code 1070, leaving the account unverified', async () => {
    const c = t.client();
    const user = await c.signUp({ email: 'late@example.com' });
    const { token } = await lastLinkTo('late@example.com');
    await t.db.query(`UPDATE email_verification_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [user.id]);
    const res = await post(c, VERIFY, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ERROR_CODES.VERIFICATION_LINK_EXPIRED.code, message: 'This verification link has expired. Ask for a new one.' });
    expect(await viewerOf(c)).toMatchObject({ email_verified: false });
  });

  it('refuses a token that was never issued with 400 and code 1071, and a missing one naming the field', async () => {
    const wrong = await post(t.client(), VERIFY, { token: 'not-a-token-we-sent' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: ERROR_CODES.VERIFICATION_LINK_INVALID.code });
    const missing = await post(t.client(), VERIFY, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: ERROR_CODES.INVALID_INPUT.code, field: 'token' });
  });

  it('needs the CSRF header like every unsafe call', async () => {
    const res = await t.client().request('POST', VERIFY, { payload: { token: 'x' }, csrf: false });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /v3/users/email/verify/resend/', () => {
  it('needs a session', async () => {
    const res = await post(t.client(), RESEND);
    expect(res.status).toBe(401);
  });

  it('mails a new working link, at most 3 an hour, then answers 429 with Retry-After', async () => {
    const c = t.client();
    await c.signUp({ email: 'resend@example.com' });
    for (let i = 0; i < 3; i++) {
      const res = await post(c, RESEND);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', data: { email_sent: true } });
    }
    expect(await mailsTo('resend@example.com')).toHaveLength(4); // the sign-up mail and three more
    const limited = await post(c, RESEND);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ERROR_CODES.RATE_LIMITED.code);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await mailsTo('resend@example.com')).toHaveLength(4);
    // The newest link works.
    expect((await post(c, VERIFY, { token: (await lastLinkTo('resend@example.com')).token })).status).toBe(200);
  });

  it('answers 409 once the email is verified and mails nothing', async () => {
    const c = t.client();
    await c.signUp({ email: 'done@example.com' });
    await post(c, VERIFY, { token: (await lastLinkTo('done@example.com')).token });
    const res = await post(c, RESEND);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: ERROR_CODES.CONFLICT.code, message: 'Your email is already verified.' });
    expect(await mailsTo('done@example.com')).toHaveLength(1);
  });
});

describe('when mail cannot be sent', () => {
  it('still makes the account, and Resend answers at once: the mail waits in the queue with its error, to be retried', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pinboard-mail-down-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'no-web') });
    const db = await openTestDb();
    const failing = { send: () => Promise.reject(new Error('connection refused')) };
    const { app, jobs } = await buildApp({ config, db, media: new DiskMediaStore(dir), limiter: new MemoryRateLimiter(), mailer: failing }, { logger: false });
    try {
      await app.ready();
      const c = new TestClient(app);
      await c.signUp({ email: 'offline@example.com' });
      expect(await viewerOf(c)).toMatchObject({ isAuth: true, email_verified: false });
      const res = await post(c, RESEND);
      expect(res.status).toBe(200);
      // Both mails (sign-up and Resend) failed once and wait for their retry, keeping the error.
      await vi.waitFor(
        async () =>
          expect((await jobs.jobs('mail')).map((j) => [j.state, j.output?.message])).toEqual([
            ['retry', 'connection refused'],
            ['retry', 'connection refused'],
          ]),
        { timeout: 10_000, interval: 25 },
      );
    } finally {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
