/**
 * OAuth apps for API v5 clients (decision 099): registering and managing apps (their owner alone), the consent
 * page and its decisions, codes (once, in time, bound to the app, redirect URI, person and PKCE challenge), the
 * token endpoint (HTTP Basic, a form body, Pinterest's answers and errors), refresh, public clients with PKCE,
 * connected apps and revoking, tokens kept hashed, the endpoint's rate limit.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EXTENSION_CLIENT } from '@pinboard/shared/schemas/oauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens';
import { ACCESS_TOKEN_SECONDS, CODE_SECONDS, REFRESH_TOKEN_SECONDS } from '../src/modules/oauth';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500', RATE_LIMIT_OAUTH_TOKEN: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const CALLBACK = 'https://app.example/callback';
const OTHER_CALLBACK = 'https://app.example/other';

interface Registered {
  client_id: string;
  client_secret: string;
}

const person = (name: string) => t.person(name, 'oauth');
async function register(owner: TestPerson, redirect_uris = [CALLBACK, OTHER_CALLBACK]): Promise<Registered> {
  const r = await owner.c.resource('OAuthAppResource', 'create', { name: 'Scheduler', redirect_uris });
  expect(r.httpStatus).toBe(200);
  return r.data as Registered;
}
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The consent page's first HTML for a query. */
const consentPage = (c: TestClient, query: string) => c.request('GET', `/oauth/?${query}`, { headers: { accept: 'text/html' } });

async function decide(c: TestClient, options: Record<string, unknown>) {
  return c.resource('OAuthConsentResource', 'create', options);
}

/** Allow: answers the code of the redirect. */
async function allow(user: TestPerson, app: Registered | { client_id: string }, extra: Record<string, unknown> = {}) {
  const r = await decide(user.c, {
    client_id: app.client_id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'boards:read,pins:read',
    allow: true,
    ...extra,
  });
  expect(r.httpStatus).toBe(200);
  const to = new URL(r.data.redirect_to as string);
  return to.searchParams.get('code')!;
}

async function token(form: Record<string, string>, authorization?: string, ip?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v5/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams(form).toString(),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}
const trade = (app: Registered, code: string, redirect_uri = CALLBACK) =>
  token({ grant_type: 'authorization_code', code, redirect_uri }, basic(app.client_id, app.client_secret));

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('registering apps', () => {
  it('answers a client id of digits and a secret; client_id:client_secret stays within 57 characters; the secret is kept hashed', async () => {
    const owner = await person('Olive Owner');
    const app = await register(owner);
    expect(app.client_id).toMatch(/^\d+$/);
    expect(`${app.client_id}:${app.client_secret}`.length).toBeLessThanOrEqual(57);
    const rows = await t.db.query('SELECT * FROM oauth_apps WHERE id = $1', [app.client_id]);
    expect(JSON.stringify(rows)).not.toContain(app.client_secret);
  });

  it('refuses a redirect URI that is not https (or http on localhost), or carries a fragment, and an empty name', async () => {
    const owner = await person('Rita Refused');
    for (const redirect_uris of [['http://app.example/cb'], ['https://app.example/cb#x'], ['not a url'], []]) {
      const r = await owner.c.resource('OAuthAppResource', 'create', { name: 'X', redirect_uris });
      expect(r.httpStatus, JSON.stringify(redirect_uris)).toBe(400);
    }
    expect((await owner.c.resource('OAuthAppResource', 'create', { name: ' ', redirect_uris: [CALLBACK] })).httpStatus).toBe(400);
    expect((await owner.c.resource('OAuthAppResource', 'create', { name: 'Local', redirect_uris: ['http://localhost:8080/cb'] })).httpStatus).toBe(200);
    expect((await t.client().resource('OAuthAppResource', 'create', { name: 'X', redirect_uris: [CALLBACK] })).httpStatus).toBe(401);
  });

  it('gets, lists, updates, deletes; only the owner sees or changes an app (others get 404)', async () => {
    const owner = await person('Oscar Owner');
    const other = await person('Nina Nosy');
    const app = await register(owner);

    const got = await owner.c.resource('OAuthAppResource', 'get', { client_id: app.client_id });
    expect(got.data).toMatchObject({ client_id: app.client_id, name: 'Scheduler', redirect_uris: [CALLBACK, OTHER_CALLBACK] });
    expect(got.data).not.toHaveProperty('client_secret');
    const list = await owner.c.resource('OAuthAppsResource', 'get', {});
    expect((list.data as { client_id: string }[]).map((a) => a.client_id)).toEqual([app.client_id]);
    expect((await other.c.resource('OAuthAppsResource', 'get', {})).data).toEqual([]);

    for (const [action, options] of [
      ['get', { client_id: app.client_id }],
      ['update', { client_id: app.client_id, name: 'Mine now' }],
      ['delete', { client_id: app.client_id }],
    ] as const) {
      expect((await other.c.resource('OAuthAppResource', action, options)).httpStatus, action).toBe(404);
    }
    expect((await other.c.resource('OAuthAppSecretResource', 'create', { client_id: app.client_id })).httpStatus).toBe(404);
    // The built-in public client has no owner: no one manages it.
    expect((await owner.c.resource('OAuthAppResource', 'get', { client_id: EXTENSION_CLIENT.clientId })).httpStatus).toBe(404);

    const updated = await owner.c.resource('OAuthAppResource', 'update', { client_id: app.client_id, name: 'Planner', redirect_uris: [OTHER_CALLBACK] });
    expect(updated.data).toMatchObject({ name: 'Planner', redirect_uris: [OTHER_CALLBACK] });
    expect((await owner.c.resource('OAuthAppResource', 'delete', { client_id: app.client_id })).data).toEqual({ client_id: app.client_id });
    expect((await owner.c.resource('OAuthAppResource', 'get', { client_id: app.client_id })).httpStatus).toBe(404);
  });

  it('a new secret works and the old one stops at once', async () => {
    const owner = await person('Rob Rotate');
    const user = await person('Uli User');
    const app = await register(owner);
    const rotated = await owner.c.resource('OAuthAppSecretResource', 'create', { client_id: app.client_id });
    expect(rotated.httpStatus).toBe(200);
    const secret = rotated.data.client_secret as string;
    expect(secret).not.toBe(app.client_secret);
    expect(`${app.client_id}:${secret}`.length).toBeLessThanOrEqual(57);

    const old = await trade(app, await allow(user, app));
    expect(old.status).toBe(401);
    expect((await trade({ ...app, client_secret: secret }, await allow(user, app))).status).toBe(200);
  });

  it('deleting an app stops its tokens at once', async () => {
    const owner = await person('Dora Delete');
    const user = await person('Udo User');
    const app = await register(owner);
    const tokens = (await trade(app, await allow(user, app))).body;
    expect(await t.services.oauth.bearerAccess(`Bearer ${tokens.access_token as string}`)).not.toBeNull();
    await owner.c.resource('OAuthAppResource', 'delete', { client_id: app.client_id });
    expect(await t.services.oauth.bearerAccess(`Bearer ${tokens.access_token as string}`)).toBeNull();
  });
});

describe('the consent page', () => {
  let owner: TestPerson;
  let user: TestPerson;
  let app: Registered;
  beforeAll(async () => {
    owner = await person('Pia Pageowner');
    user = await person('Carl Consent');
    app = await register(owner);
  });
  const good = () => `client_id=${app.client_id}&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&scope=boards:read,pins:read&state=xyz`;

  it('shows a good request (200) to a signed-in person, with consumer_id as a synonym and unknown parameters ignored', async () => {
    expect((await consentPage(user.c, good())).statusCode).toBe(200);
    const synonym = good().replace('client_id=', 'consumer_id=') + '&utm_source=docs&foo=bar';
    expect((await consentPage(user.c, synonym)).statusCode).toBe(200);
    const read = await user.c.resource('OAuthConsentResource', 'get', {
      consumer_id: app.client_id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'boards:read pins:read',
      foo: 'bar',
    });
    expect(read.data).toEqual({ client_id: app.client_id, name: 'Scheduler', redirect_uri: CALLBACK, scopes: ['boards:read', 'pins:read'] });
  });

  it('answers 400 and never redirects for an unknown client, an unregistered redirect_uri, an unknown scope', async () => {
    const cases = [
      good().replace(`client_id=${app.client_id}`, 'client_id=999999999'),
      good().replace(`client_id=${app.client_id}`, 'client_id=abc'),
      good().replace(`client_id=${app.client_id}&`, ''),
      good().replace(encodeURIComponent(CALLBACK), encodeURIComponent('https://evil.example/callback')),
      good().replace(encodeURIComponent(CALLBACK), encodeURIComponent(`${CALLBACK}/`)),
      good().replace('scope=boards:read,pins:read', 'scope=boards:read,ads:read'),
      good().replace('scope=boards:read,pins:read', 'scope='),
      good().replace('response_type=code', 'response_type=token'),
    ];
    for (const query of cases) {
      for (const c of [user.c, t.client()]) {
        const res = await consentPage(c, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.headers.location, query).toBeUndefined();
      }
      const r = await decide(user.c, { ...Object.fromEntries(new URLSearchParams(query)), allow: true });
      expect(r.httpStatus, query).toBe(400);
    }
    const unknownScope = await user.c.resource('OAuthConsentResource', 'get', Object.fromEntries(new URLSearchParams(cases[5])));
    expect(unknownScope.error?.message).toBe('The app asks for a scope that does not exist here: ads:read.');
  });

  it('sends a signed-out visitor to log in first and back again', async () => {
    const res = await consentPage(t.client(), good());
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string, 'http://x');
    expect(to.pathname).toBe('/login/');
    expect(to.searchParams.get('next')).toBe(`/oauth/?${good()}`);
  });

  it('allow redirects to redirect_uri?code=…&state=…, code first and URL-safe; state only when given', async () => {
    const base = { client_id: app.client_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'boards:read', allow: true };
    const withState = (await decide(user.c, { ...base, state: 'a b&c' })).data.redirect_to as string;
    expect(withState).toMatch(/^https:\/\/app\.example\/callback\?code=[A-Za-z0-9._~-]+&state=a%20b%26c$/);
    const without = (await decide(user.c, base)).data.redirect_to as string;
    expect(without).toMatch(/^https:\/\/app\.example\/callback\?code=[A-Za-z0-9._~-]+$/);
  });

  it('deny redirects with error=access_denied and the state', async () => {
    const denier = await person('Dan Denier');
    const base = { client_id: app.client_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'boards:read', allow: false };
    expect((await decide(denier.c, { ...base, state: 's1' })).data.redirect_to).toBe(`${CALLBACK}?error=access_denied&state=s1`);
    expect((await decide(denier.c, base)).data.redirect_to).toBe(`${CALLBACK}?error=access_denied`);
    expect(await t.db.query('SELECT 1 FROM oauth_codes WHERE app_id = $1 AND user_id = $2', [app.client_id, denier.id])).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const r = await decide(t.client(), { client_id: app.client_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'boards:read', allow: true });
    expect(r.httpStatus).toBe(401);
  });
});

describe('the token endpoint', () => {
  let owner: TestPerson;
  let user: TestPerson;
  let app: Registered;
  beforeAll(async () => {
    owner = await person('Tom Tokenowner');
    user = await person('Tina Tokenuser');
    app = await register(owner);
  });

  it("trades a code for Pinterest's token answer; the tokens act as the person within the scopes, stored hashed", async () => {
    const code = await allow(user, app);
    const res = await trade(app, code);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'bearer', scope: 'boards:read,pins:read', response_type: 'authorization_code' });
    expect(res.body).toMatchObject({ expires_in: ACCESS_TOKEN_SECONDS, refresh_token_expires_in: REFRESH_TOKEN_SECONDS });
    const access = await t.services.oauth.bearerAccess(`Bearer ${res.body.access_token as string}`);
    expect(access?.viewer.id).toBe(user.id);
    expect([...access!.scopes].sort()).toEqual(['boards:read', 'pins:read']);

    const stored = JSON.stringify(await t.db.query('SELECT * FROM oauth_tokens WHERE app_id = $1', [app.client_id]));
    expect(stored).not.toContain(res.body.access_token);
    expect(stored).not.toContain(res.body.refresh_token);
    expect(stored).toContain(hashToken(res.body.access_token as string));
    expect(JSON.stringify(await t.db.query('SELECT * FROM oauth_codes WHERE app_id = $1', [app.client_id]))).not.toContain(code);
  });

  it('a code works once', async () => {
    const code = await allow(user, app);
    expect((await trade(app, code)).status).toBe(200);
    const again = await trade(app, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
  });

  it('a code expires', async () => {
    const code = await allow(user, app);
    await t.db.query("UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(code)]);
    expect((await trade(app, code)).status).toBe(400);
    const fresh = await allow(user, app);
    const [row] = await t.db.query<{ seconds: number }>('SELECT extract(epoch FROM expires_at - now())::int AS seconds FROM oauth_codes WHERE code_hash = $1', [
      hashToken(fresh),
    ]);
    expect(row!.seconds).toBeGreaterThan(60);
    expect(row!.seconds).toBeLessThanOrEqual(CODE_SECONDS);
    expect(CODE_SECONDS).toBeLessThanOrEqual(600);
  });

  it('a code is bound to its client, its redirect_uri and its person and scopes', async () => {
    const otherOwner = await person('Omar Otherapp');
    const otherApp = await register(otherOwner);
    expect((await trade(otherApp, await allow(user, app))).status).toBe(400);
    expect((await trade(app, await allow(user, app), OTHER_CALLBACK)).status).toBe(400);
    const someone = await person('Sam Someone');
    const theirs = await trade(app, await allow(someone, app, { scope: 'pins:read' }));
    const access = await t.services.oauth.bearerAccess(`Bearer ${theirs.body.access_token as string}`);
    expect(access?.viewer.id).toBe(someone.id);
    expect([...access!.scopes]).toEqual(['pins:read']);
  });

  it('wrong client authentication is 401 with { code, message }', async () => {
    const code = await allow(user, app);
    for (const authorization of [basic(app.client_id, 'wrong-secret'), basic('999999', app.client_secret), 'Basic !!!', `Bearer ${app.client_secret}`]) {
      const res = await token({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }, authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ code: expect.any(Number), message: 'Client authentication failed.' });
    }
    // No credentials at all: a confidential client may not name itself in the form.
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: app.client_id })).status).toBe(401);
    // The code was not spent by the refusals.
    expect((await trade(app, code)).status).toBe(200);
  });

  it('refresh answers a new access token; the old pair stops; a bad refresh token is 400', async () => {
    const first = (await trade(app, await allow(user, app))).body;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string }, basic(app.client_id, app.client_secret));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', scope: 'boards:read,pins:read', response_type: 'refresh_token' });
    expect(refreshed.body.access_token).not.toBe(first.access_token);
    expect((await t.services.oauth.bearerAccess(`Bearer ${refreshed.body.access_token as string}`))?.viewer.id).toBe(user.id);
    expect(await t.services.oauth.bearerAccess(`Bearer ${first.access_token as string}`)).toBeNull();

    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string }, basic(app.client_id, app.client_secret));
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
    expect((await token({ grant_type: 'refresh_token', refresh_token: 'pinr_nonsense' }, basic(app.client_id, app.client_secret))).status).toBe(400);
    // Another app's client may not use it.
    const otherApp = await register(await person('Ole Other'));
    const theirs = await token(
      { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token as string },
      basic(otherApp.client_id, otherApp.client_secret),
    );
    expect(theirs.status).toBe(400);
    // A narrower scope may be asked for, never a wider one.
    const narrower = await token(
      { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token as string, scope: 'pins:read' },
      basic(app.client_id, app.client_secret),
    );
    expect(narrower.body.scope).toBe('pins:read');
    const wider = await token(
      { grant_type: 'refresh_token', refresh_token: narrower.body.refresh_token as string, scope: 'pins:read,boards:write' },
      basic(app.client_id, app.client_secret),
    );
    expect(wider.status).toBe(400);
  });

  it('refuses an unknown grant type and a missing code with 400', async () => {
    const auth = basic(app.client_id, app.client_secret);
    expect((await token({ grant_type: 'client_credentials' }, auth)).status).toBe(400);
    expect((await token({ grant_type: 'authorization_code', redirect_uri: CALLBACK }, auth)).status).toBe(400);
  });
});

describe('PKCE', () => {
  let owner: TestPerson;
  let user: TestPerson;
  let app: Registered;
  beforeAll(async () => {
    owner = await person('Petra Pkce');
    user = await person('Paul Pkceuser');
    app = await register(owner);
  });

  it('a confidential client with a challenge: the right verifier works, a wrong or missing one does not', async () => {
    const { verifier, challenge } = pkcePair();
    const auth = basic(app.client_id, app.client_secret);
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const right = await token({ grant_type: 'authorization_code', code: await allow(user, app, pkce), redirect_uri: CALLBACK, code_verifier: verifier }, auth);
    expect(right.status).toBe(200);
    const wrong = await token(
      { grant_type: 'authorization_code', code: await allow(user, app, pkce), redirect_uri: CALLBACK, code_verifier: pkcePair().verifier },
      auth,
    );
    expect(wrong.status).toBe(400);
    expect((await token({ grant_type: 'authorization_code', code: await allow(user, app, pkce), redirect_uri: CALLBACK }, auth)).status).toBe(400);
  });

  it('refuses the plain method and a malformed challenge on the consent page', async () => {
    const base = { client_id: app.client_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'pins:read' };
    const plain = await user.c.resource('OAuthConsentResource', 'get', { ...base, code_challenge: pkcePair().challenge, code_challenge_method: 'plain' });
    expect(plain.httpStatus).toBe(400);
    const short = await user.c.resource('OAuthConsentResource', 'get', { ...base, code_challenge: 'short', code_challenge_method: 'S256' });
    expect(short.httpStatus).toBe(400);
  });

  it('the public client (the browser extension) signs in with client_id and a verifier; without a valid one it is refused', async () => {
    const ext = { client_id: EXTENSION_CLIENT.clientId };
    const redirect_uri = EXTENSION_CLIENT.redirectUris[0];
    const base = { client_id: ext.client_id, redirect_uri, response_type: 'code', scope: 'pins:read,boards:read', allow: true };
    // No challenge: a public client cannot be sure it is the one that asked.
    expect((await decide(user.c, base)).httpStatus).toBe(400);
    expect((await user.c.resource('OAuthConsentResource', 'get', { ...base, allow: undefined })).httpStatus).toBe(400);

    const codeOf = async (challenge: string) =>
      new URL((await decide(user.c, { ...base, code_challenge: challenge, code_challenge_method: 'S256' })).data.redirect_to as string).searchParams.get(
        'code',
      )!;
    const { verifier, challenge } = pkcePair();
    const ok = await token({
      grant_type: 'authorization_code',
      client_id: ext.client_id,
      code: await codeOf(challenge),
      redirect_uri,
      code_verifier: verifier,
    });
    expect(ok.status).toBe(200);
    expect((await t.services.oauth.bearerAccess(`Bearer ${ok.body.access_token as string}`))?.appId).toBe(ext.client_id);

    const missing = await token({ grant_type: 'authorization_code', client_id: ext.client_id, code: await codeOf(challenge), redirect_uri });
    expect(missing.status).toBe(400);
    const wrong = await token({
      grant_type: 'authorization_code',
      client_id: ext.client_id,
      code: await codeOf(challenge),
      redirect_uri,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);
    // Naming no client at all, or a secret for a public client, is a failed client authentication.
    expect((await token({ grant_type: 'authorization_code', code: await codeOf(challenge), redirect_uri, code_verifier: verifier })).status).toBe(401);
    expect(
      (await token({ grant_type: 'authorization_code', code: await codeOf(challenge), redirect_uri, code_verifier: verifier }, basic('1', 'x'))).status,
    ).toBe(401);
    // A code of the public client without a challenge (the consent page makes none; a row put there by hand) is refused too.
    const bare = 'bare-code-for-the-public-client';
    await t.db.query(
      `INSERT INTO oauth_codes (code_hash, app_id, user_id, redirect_uri, scopes, expires_at) VALUES ($1, 1, $2, $3, '{pins:read}', now() + interval '5 minutes')`,
      [hashToken(bare), user.id, redirect_uri],
    );
    expect((await token({ grant_type: 'authorization_code', client_id: ext.client_id, code: bare, redirect_uri })).status).toBe(400);
    // Refresh: the public client names itself in the form.
    const refreshed = await token({ grant_type: 'refresh_token', client_id: ext.client_id, refresh_token: ok.body.refresh_token as string });
    expect(refreshed.status).toBe(200);
  });
});

describe('connected apps', () => {
  it('lists the apps a person connected with their scopes; revoking stops their tokens at once', async () => {
    const owner = await person('Cora Connectowner');
    const user = await person('Vera Viewer');
    const app = await register(owner);
    expect((await user.c.resource('OAuthConnectedAppResource', 'get', {})).data).toEqual([]);
    const first = (await trade(app, await allow(user, app, { scope: 'pins:read' }))).body;
    const second = (await trade(app, await allow(user, app, { scope: 'boards:read' }))).body;

    const list = await user.c.resource('OAuthConnectedAppResource', 'get', {});
    expect(list.data).toEqual([{ client_id: app.client_id, name: 'Scheduler', scopes: ['boards:read', 'pins:read'], connected_at: expect.any(String) }]);
    expect((await owner.c.resource('OAuthConnectedAppResource', 'get', {})).data).toEqual([]);
    // Someone else cannot revoke it for them.
    expect((await owner.c.resource('OAuthConnectedAppResource', 'delete', { client_id: app.client_id })).httpStatus).toBe(404);
    expect(await t.services.oauth.bearerAccess(`Bearer ${first.access_token as string}`)).not.toBeNull();

    const revoked = await user.c.resource('OAuthConnectedAppResource', 'delete', { client_id: app.client_id });
    expect(revoked.httpStatus).toBe(200);
    for (const tokens of [first, second]) {
      expect(await t.services.oauth.bearerAccess(`Bearer ${tokens.access_token as string}`)).toBeNull();
      const refresh = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string }, basic(app.client_id, app.client_secret));
      expect(refresh.status).toBe(400);
    }
    expect((await user.c.resource('OAuthConnectedAppResource', 'get', {})).data).toEqual([]);
    expect((await t.client().resource('OAuthConnectedAppResource', 'get', {})).httpStatus).toBe(401);
  });

  it('revoking also spends the codes not traded yet', async () => {
    const owner = await person('Kai Codeowner');
    const user = await person('Lea Later');
    const app = await register(owner);
    await trade(app, await allow(user, app));
    const pending = await allow(user, app);
    await user.c.resource('OAuthConnectedAppResource', 'delete', { client_id: app.client_id });
    expect((await trade(app, pending)).status).toBe(400);
  });
});

describe('the rate limit', () => {
  it('limits token requests per client address: 429 with Retry-After and { code, message }', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_OAUTH_TOKEN: '3' });
    try {
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/v5/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic('123', 'nope') },
          payload: 'grant_type=authorization_code&code=x&redirect_uri=https%3A%2F%2Fa.example%2F',
        });
      for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(401);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toEqual({ code: expect.any(Number), message: expect.any(String) });
    } finally {
      await limited.close();
    }
  });
});

describe('the housekeeping', () => {
  it('forgets codes past their expiry and token pairs whose refresh token expired, and keeps the live ones', async () => {
    const owner = await person('Hal Housekeeper');
    const user = await person('Ula Uses');
    const app = await register(owner);
    const expiredCode = await allow(user, app);
    const liveCode = await allow(user, app);
    const stale = (await trade(app, await allow(user, app))).body;
    const live = (await trade(app, liveCode)).body;
    await t.db.query(`UPDATE oauth_codes SET expires_at = now() - interval '1 minute' WHERE code_hash = $1`, [hashToken(expiredCode)]);
    await t.db.query(`UPDATE oauth_tokens SET refresh_expires_at = now() - interval '1 minute' WHERE refresh_hash = $1`, [
      hashToken(stale.refresh_token as string),
    ]);
    const codes = async () => (await t.db.query('SELECT code_hash FROM oauth_codes WHERE app_id = $1', [app.client_id])).length;
    expect(await codes()).toBe(3);

    expect(await t.services.oauth.purgeExpired()).toBeGreaterThanOrEqual(2);
    expect(await codes()).toBe(2);
    expect(await t.db.query('SELECT 1 FROM oauth_tokens WHERE refresh_hash = $1', [hashToken(stale.refresh_token as string)])).toEqual([]);
    expect((await t.services.oauth.bearerAccess(`Bearer ${live.access_token as string}`))?.viewer.id).toBe(user.id);
    // A forgotten code is as unknown as a bad one.
    expect((await trade(app, expiredCode)).status).toBe(400);
  });
});
