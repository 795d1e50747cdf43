/**
 * The demo accounts all have the password the README publishes. On a site
 * that others can reach, whoever reads the README can sign in as them (the
 * staff account `moderator` among them), so start-up names them in one
 * warning line when `PUBLIC_URL` is not a loopback address.
 */
import type { Queryable } from '../db/client';
import { verifyPassword } from '../modules/auth/passwords';
import { userAccounts } from '../modules/users';
import { DEFAULT_PASSWORD } from './factories';

/** Every account the demo content makes (demo.ts and the demo-*.ts files). */
const DEMO_USERNAMES = [
  'demo',
  'ava_lindqvist',
  'mateo_rivera',
  'priya_nair',
  'kenji_sato',
  'lea_dubois',
  'omar_haddad',
  'sofia_rossi',
  'noah_becker',
  'amara_okafor',
  'lucas_martin',
  'mei_chen',
  'nordic_nest',
  'freja_holm',
  'jonas_berg',
  'ines_costa',
  'moderator',
  'pinboard_editors',
] as const;

/** Whether an address names this machine only: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** The demo accounts that still sign in with the published password. */
export async function demoAccountsWithPublishedPassword(db: Queryable): Promise<string[]> {
  const found: string[] = [];
  const verdicts = new Map<string, Promise<boolean>>(); // the demo accounts share one hash: check each hash once
  for (const username of DEMO_USERNAMES) {
    const user = await userAccounts.byUsernameOrEmail(db, username);
    if (!user || user.username.toLowerCase() !== username) continue;
    let verdict = verdicts.get(user.password_hash);
    if (!verdict) verdicts.set(user.password_hash, (verdict = verifyPassword(user.password_hash, DEFAULT_PASSWORD)));
    if (await verdict) found.push(user.username);
  }
  return found;
}

/** The start-up warning, or null when the site is loopback-only or no demo account has the published password. */
export async function publishedPasswordWarning(db: Queryable, publicUrl: string): Promise<string | null> {
  if (isLoopbackUrl(publicUrl)) return null;
  const names = await demoAccountsWithPublishedPassword(db);
  if (names.length === 0) return null;
  return (
    `WARNING: ${publicUrl} is not a loopback address, and ${names.length} demo account(s) still sign in with the published password ` +
    `"${DEFAULT_PASSWORD}" (${names.join(', ')}${names.includes('moderator') ? '; moderator is staff' : ''}): ` +
    'anyone who reads the README can log in as them. Change their passwords, remove them, or start on a fresh database with SEED_DEMO=false.'
  );
}
