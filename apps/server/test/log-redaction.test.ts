import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/plugins/log-redaction';
import { buildTestApp, type TestApp } from './test-app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'info', stream: sink } });
});
afterAll(() => t.close());

const dataParam = (options: Record<string, unknown>) => encodeURIComponent(JSON.stringify({ options }));

describe('request logs', () => {
  it('never carry the secrets that travel in addresses', async () => {
    const c = t.client();
    const urls = [
      '/ana/garden/?accept_invite=SECRETaccept1&seamless=true',
      '/verify-email/?token=SECRETverify2',
      '/some/page/?code=SECRETcode3&token=SECRETtoken4&page=2',
      '/ana/?invite_code=SECRETinvite5',
      `/resource/UserResource/get/?data=${dataParam({ username: 'ana', invite_code: 'SECRETinvite6' })}`,
      `/resource/BoardInviteTokenResource/get/?data=${dataParam({ token: 'SECRETtoken7' })}`,
      `/login/?next=${encodeURIComponent('/ana/garden/?accept_invite=SECRETnested8')}`,
    ];
    for (const url of urls) await c.request('GET', url);
    await c.request('POST', '/v3/invite_code/SECRETpath9/redeem/');
    // The OAuth token endpoint (decision 099): its form body and the client's Authorization header are never logged.
    await t.app.inject({
      method: 'POST',
      url: '/v5/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('123:SECRETbasic10').toString('base64')}` },
      payload: 'grant_type=authorization_code&code=SECRETform11&redirect_uri=https%3A%2F%2Fa.example%2F&code_verifier=SECRETverifier12',
    });
    await c.request('GET', '/callback/?code=SECRETcode13&state=s');
    await new Promise((resolve) => setImmediate(resolve));

    const requests = lines.map((l) => JSON.parse(l) as { msg: string; url?: string }).filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(urls.length + 1);
    expect(lines.join('\n')).not.toMatch(/SECRET/);
    expect(lines.join('\n')).not.toContain(Buffer.from('123:SECRETbasic10').toString('base64'));
    expect(requests.map((r) => r.url)).toContain('/v5/oauth/token');
    const logged = requests.map((r) => r.url);
    expect(logged).toContain('/ana/garden/?accept_invite=[REDACTED]&seamless=true');
    expect(logged).toContain('/some/page/?code=[REDACTED]&token=[REDACTED]&page=2');
    expect(logged).toContain('/v3/invite_code/[REDACTED]/redeem/');
  });
});

describe('redactUrl', () => {
  it('keeps what is not secret as it was', () => {
    expect(redactUrl('/resource/BoardsResource/get/?data=%7B%7D&_=1')).toBe('/resource/BoardsResource/get/?data=%7B%7D&_=1');
    expect(redactUrl('/v3/invite_code/attribution/land/')).toBe('/v3/invite_code/attribution/land/');
    expect(redactUrl('/search/?q=red%20shoes')).toBe('/search/?q=red%20shoes');
  });

  it('redacts token and code parameters, the invite code in a path, and inside JSON options and nested addresses', () => {
    expect(redactUrl('/x/?csrf_token=a&auth_code=b&q=c')).toBe('/x/?csrf_token=[REDACTED]&auth_code=[REDACTED]&q=c');
    expect(redactUrl('/v3/invite_code/abc%2Fdef/redeem/')).toBe('/v3/invite_code/[REDACTED]/redeem/');
    const data = new URL(`http://x${redactUrl(`/r/?data=${dataParam({ invite_code: 'abc', board: { token: 'def' }, username: 'ana' })}`)}`).searchParams.get(
      'data',
    );
    expect(JSON.parse(data!)).toEqual({ options: { invite_code: '[REDACTED]', board: { token: '[REDACTED]' }, username: 'ana' } });
    expect(redactUrl('/x/?data=not%20json%20token')).toBe('/x/?data=not%20json%20token');
  });

  it('finds a secret whose name is written with escaped letters, which the quick look for secret names cannot read', () => {
    expect(redactUrl('/x/?%74oken=abc&q=c')).toBe('/x/?%74oken=[REDACTED]&q=c');
    const nested = redactUrl('/x/?next=%2Fboard%2F%3Fs%65cret%3Dabc');
    expect(nested).not.toContain('abc');
    expect(decodeURIComponent(nested)).toContain('secret=[REDACTED]');
  });
});
