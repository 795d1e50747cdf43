/**
 * The shared reads of people (decision 081): a person's row by id or by
 * username, which many feature modules need only to read; below the modules,
 * so reading a person does not tie a module to the users module. What a
 * person may see of another stays in users.policy.ts.
 */
import type { Queryable } from '../db/client';

export interface UserRow {
  id: string;
  username: string;
  /** A moderation decision about the person (users.policy, decision 045). */
  moderation: 'removed' | 'restricted' | null;
  email: string;
  password_hash: string;
  full_name: string;
  first_name: string;
  about: string;
  location: string;
  website_url: string;
  pronouns: string[];
  image_url: string | null;
  avatar_color_index: number;
  locale: string;
  country: string;
  is_private_profile: boolean;
  is_partner: boolean;
  is_employee: boolean;
  is_verified_merchant: boolean;
  profile_views: number;
  save_behavior: number;
  metadata: Record<string, unknown>;
  invite_code: string | null;
  instagram_username: string | null;
  is_ads_only_profile: boolean;
  ads_only_profile_site: string | null;
  allow_messages: boolean;
  quicksave_board_id: string | null;
  email_verified: boolean;
  comments_default_off: boolean;
  /** Told in account settings, else null (unknown): what promoted Pins' targeting matches. */
  gender: 'female' | 'male' | 'unknown' | null;
  age_group: string | null;
  created_at: Date;
}

/** The person with this id, or null. */
export async function userById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return row ?? null;
}

/** The person with this username (without case), or null. */
export async function userByUsername(db: Queryable, username: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
  return row ?? null;
}
