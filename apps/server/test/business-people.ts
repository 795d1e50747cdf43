/**
 * People for the business-access tests: partners (business accounts) and two-factor sign-in
 * turned on through the API, with the TOTP codes an authenticator app would show.
 */
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { TestApp, TestClient, TestPerson } from './test-app';

/** The TOTP code of a secret now, or `offsetSteps` periods of 30 s later. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** A person marked as a partner (a business account). */
export async function makePartner(t: TestApp, name: string, tag: string): Promise<TestPerson> {
  const p = await t.person(name, tag);
  await t.db.query('UPDATE users SET is_partner = true WHERE id = $1', [p.id]);
  return p;
}

/** Turns two-factor sign-in on for a person; answers the secret and the recovery codes. */
export async function enableMfa(c: TestClient) {
  const started = await c.resource('UserMfaResource', 'create');
  expect(started.httpStatus).toBe(200);
  const secret = started.data.secret as string;
  const confirmed = await c.resource('UserMfaResource', 'update', { code: totpCode(secret) });
  expect(confirmed.httpStatus).toBe(200);
  return { secret, recovery: confirmed.data.recovery_codes as string[] };
}
