/**
 * OAuth tokens (decision 099): a token pair is handed out once and kept only hashed; a bearer access token
 * acts as its person within its scopes, and nothing else does (no header, another scheme, an unknown token,
 * the refresh token in its place).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500' });
});
afterAll(async () => {
  await t?.close();
});

describe('OAuth tokens', () => {
  it('a client id is digits and client_id:client_secret stays within 57 characters', async () => {
    const owner = await t.person('Otto Owner', 'oatok');
    const app = await t.services.oauth.registerApp(owner.id, { name: 'Scheduler', redirect_uris: ['https://app.example/callback'] });
    expect(app.client_id).toMatch(/^\d+$/);
    expect(`${app.client_id}:${app.client_secret}`.length).toBeLessThanOrEqual(57);
  });

  it('a bearer access token acts as its person within its scopes; it is stored only hashed', async () => {
    const owner = await t.person('Olga Owner', 'oatok');
    const user = await t.person('Uma User', 'oatok');
    const app = await t.services.oauth.registerApp(owner.id, { name: 'Scheduler', redirect_uris: ['https://app.example/callback'] });
    const tokens = await t.services.oauth.issueTokens({ appId: app.client_id, userId: user.id, scopes: ['boards:read', 'pins:read'] });
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'boards:read,pins:read', response_type: 'authorization_code' });

    const access = await t.services.oauth.bearerAccess(`Bearer ${tokens.access_token}`);
    expect(access?.viewer).toMatchObject({ id: user.id, username: user.username });
    expect(access?.appId).toBe(app.client_id);
    expect([...access!.scopes].sort()).toEqual(['boards:read', 'pins:read']);

    expect(await t.services.oauth.bearerAccess(undefined)).toBeNull();
    expect(await t.services.oauth.bearerAccess(`Basic ${tokens.access_token}`)).toBeNull();
    expect(await t.services.oauth.bearerAccess(`Bearer ${tokens.refresh_token}`)).toBeNull();
    expect(await t.services.oauth.bearerAccess('Bearer pina_unknown')).toBeNull();

    const stored = await t.db.query<Record<string, string>>('SELECT access_hash, refresh_hash FROM oauth_tokens WHERE app_id = $1', [app.client_id]);
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token);
    expect(JSON.stringify(stored)).not.toContain(tokens.refresh_token);
    const apps = await t.db.query<Record<string, string>>('SELECT * FROM oauth_apps WHERE id = $1', [app.client_id]);
    expect(JSON.stringify(apps)).not.toContain(app.client_secret);
  });
});
