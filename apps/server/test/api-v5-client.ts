/** API v5 in tests (decision 100): real OAuth tokens for a person, and requests that carry only the bearer token. */
import type { OAuthScope } from '@pinboard/shared/schemas/oauth';
import { OAUTH_SCOPES } from '@pinboard/shared/schemas/oauth';
import type { TestApp, TestPerson } from './test-app';

export const ALL_SCOPES: OAuthScope[] = [...OAUTH_SCOPES];
/** Every scope but the secret ones. */
export const PUBLIC_SCOPES: OAuthScope[] = ALL_SCOPES.filter((s) => !s.endsWith('_secret'));

/** An access token of a new app of `person`'s, for `person`, with these scopes. */
export async function tokenFor(t: TestApp, person: { id: string }, scopes: OAuthScope[]): Promise<string> {
  const app = await t.services.oauth.registerApp(person.id, { name: 'Scheduler', redirect_uris: ['https://app.example/callback'] });
  return (await t.services.oauth.issueTokens({ appId: app.client_id, userId: person.id, scopes })).access_token;
}

/** A v5 call with the token (none: no Authorization header), no cookies; `body` as JSON. */
export async function v5(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? (JSON.parse(res.body) as any) : null }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A person with a token: their id, username, web client and v5 token. */
export async function personWithToken(t: TestApp, name: string, scopes: OAuthScope[] = ALL_SCOPES): Promise<TestPerson & { token: string }> {
  const person = await t.person(name, 'v5');
  return { ...person, token: await tokenFor(t, person, scopes) };
}
