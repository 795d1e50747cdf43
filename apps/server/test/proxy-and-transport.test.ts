import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './test-app';

/** Wrong log-ins, each from a new browser, all arriving on one socket address with the given X-Forwarded-For. */
async function failedLogins(t: TestApp, forwardedFor: string[], remoteAddress = '127.0.0.1') {
  const statuses: number[] = [];
  for (const xff of forwardedFor) {
    const c = t.client({ ip: remoteAddress });
    await c.ensureCsrf();
    const res = await c.request('POST', '/resource/UserSessionResource/create/', {
      payload: { options: { username_or_email: `someone_${statuses.length}`, password: 'wrong password' } },
      headers: { 'x-forwarded-for': xff },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For is ignored', async () => {
    const t = await buildTestApp({ LOGIN_RATE_LIMIT_CLIENT: '2' });
    try {
      expect(await failedLogins(t, ['198.51.100.1', '198.51.100.2', '198.51.100.3'])).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('as a hop count, a forged X-Forwarded-For does not change the client', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT_CLIENT: '2' });
    try {
      // The proxy appends the address it saw; whatever the client wrote before it is not believed.
      expect(await failedLogins(t, ['1.1.1.1, 203.0.113.7', '2.2.2.2, 203.0.113.7', '3.3.3.3, 203.0.113.7'])).toEqual([401, 401, 429]);
      // A different real client behind the same proxy has its own budget.
      expect(await failedLogins(t, ['1.1.1.1, 203.0.113.8'])).toEqual([401]);
    } finally {
      await t.close();
    }
  });

  it('as a list of proxy addresses, trusts only those hops', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', LOGIN_RATE_LIMIT_CLIENT: '2' });
    try {
      // Through the two trusted proxies (127.0.0.1 in front of 10.1.2.3) the client is the address before them.
      expect(await failedLogins(t, ['9.9.9.9, 203.0.113.9, 10.1.2.3', '8.8.8.8, 203.0.113.9, 10.1.2.3', '203.0.113.9'])).toEqual([401, 401, 429]);
      // A request straight from an untrusted address cannot name its own client address.
      expect(await failedLogins(t, ['198.51.100.20', '198.51.100.21', '198.51.100.22'], '192.0.2.50')).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('refuses true, which would trust every hop, with a message that says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
  });
});

describe('HTTPS: Strict-Transport-Security and Secure cookies', () => {
  const cookiesOf = (headers: Record<string, unknown>) => ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);

  async function signUpOver(t: TestApp, email: string, headers: Record<string, string>) {
    const c = t.client();
    const first = await c.request('GET', '/', { headers: { ...headers, accept: 'text/html' } });
    const res = await c.request('POST', '/resource/UserRegisterResource/create/', {
      payload: { options: { email, password: 'correct horse battery' } },
      headers,
    });
    expect(res.statusCode).toBe(200);
    return {
      hsts: res.headers['strict-transport-security'],
      csrf: cookiesOf(first.headers).find((h) => h.startsWith('csrftoken=')),
      session: cookiesOf(res.headers).find((h) => h.startsWith('pb_session=')),
    };
  }

  it('behind a trusted proxy that says https: HSTS, and both cookies Secure', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const https = await signUpOver(t, 'proxied@example.com', { 'x-forwarded-proto': 'https' });
      expect(https.hsts).toMatch(/^max-age=\d{7,}/);
      expect(https.session).toMatch(/; Secure/);
      expect(https.csrf).toMatch(/; Secure/);
      const plain = await signUpOver(t, 'plain@example.com', {});
      expect(plain.hsts).toBeUndefined();
      expect(plain.session).not.toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });

  it('an untrusted X-Forwarded-Proto changes nothing', async () => {
    const t = await buildTestApp({});
    try {
      const r = await signUpOver(t, 'claims@example.com', { 'x-forwarded-proto': 'https' });
      expect(r.hsts).toBeUndefined();
      expect(r.session).not.toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });

  it('with an https PUBLIC_URL: HSTS on every answer and Secure cookies, whatever the proxy said', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://pins.example', HSTS_MAX_AGE_SECONDS: '600' });
    try {
      const r = await signUpOver(t, 'public.https@example.com', {});
      expect(r.hsts).toBe('max-age=600');
      expect(r.session).toMatch(/; Secure/);
      expect(r.csrf).toMatch(/; Secure/);
      expect((await t.client().request('GET', '/healthz')).headers['strict-transport-security']).toBe('max-age=600');
    } finally {
      await t.close();
    }
    const off = await buildTestApp({ PUBLIC_URL: 'https://pins.example', HSTS_MAX_AGE_SECONDS: '0' });
    try {
      expect((await off.client().request('GET', '/healthz')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
