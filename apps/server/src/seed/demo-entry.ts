/**
 * Logged-out entry in the demo: the demo people came by different channels
 * over the last weeks, with a few upsell events counted, so that the staff
 * page /admin/entry/ shows something to the demo staff account `moderator`.
 * The demo person is not staff: its password is published (README).
 */
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { hashToken, newToken } from '../lib/tokens';

const CHANNELS = ['seo', 'invite', 'direct', 'email', 'seo', 'paid', 'facebook', 'seo', 'twitter', 'direct', 'fb', 'seo'];
const REFERRERS: Record<string, string> = { seo: 'google', facebook: 'facebook', twitter: 'twitter' };
const PAGE_KINDS = ['pin', 'board', 'home', 'profile'];

export async function seedDemoEntry(db: Db, userIds: readonly string[]) {
  for (const [index, userId] of userIds.entries()) {
    const channel = CHANNELS[index % CHANNELS.length]!;
    const daysAgo = (index * 5) % 56;
    await db.query(
      `INSERT INTO entry_landings (id, token_hash, channel, referrer, page_kind, site, invite_code, user_id, signed_up_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9), now() - make_interval(days => $9, hours => 1))`,
      [
        newId(),
        hashToken(newToken()),
        channel,
        REFERRERS[channel] ?? 'none',
        PAGE_KINDS[index % PAGE_KINDS.length],
        index % 3 === 0 ? 1 : 0,
        channel === 'invite' ? 'demo-invite' : null,
        userId,
        daysAgo,
      ],
    );
    await db.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [userId, daysAgo]);
  }
  for (const [event, page_kind, count] of [
    ['scroll_down_trigger', 'home', 41],
    ['pin_save', 'pin', 17],
    ['follow_click', 'profile', 6],
    ['pin_link_click', 'pin', 12],
  ] as const) {
    await db.query(
      `INSERT INTO unauth_event_counts (day, event, page_kind, site, count) VALUES (current_date, $1, $2, 0, $3)
       ON CONFLICT (day, event, page_kind, site) DO UPDATE SET count = unauth_event_counts.count + EXCLUDED.count`,
      [event, page_kind, count],
    );
  }
}
