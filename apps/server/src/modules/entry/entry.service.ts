/**
 * Logged-out entry: landings with their channel (tied to the account when the
 * visitor signs up), upsell events counted without anything personal, the
 * staff statistics, and the encrypted social tracking id of shared Pin links.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeTwice } from '@pinboard/shared/constants/entryChannels';
import type { AttributionLand } from '@pinboard/shared/schemas/entry';
import type { Db } from '../../db/client';
import { notFound, forbidden } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { hashToken, newToken } from '../../lib/tokens';
import { ValidationError } from '../../lib/validation';
import { entryRepo } from './entry.repo';
import { maySeeEntryStatistics } from './entry.policy';
import type { VisitorTraits } from './entry.visitor';

export function createEntryService({ db, trackingIdSecret }: { db: Db; trackingIdSecret: string }) {
  const key = createHash('sha256').update(`social-tracking-id:${trackingIdSecret}`).digest();

  return {
    /**
     * POST /v3/invite_code/attribution/land/: stores one landing and answers
     * the token the browser keeps (HttpOnly cookie) so that a sign-up can be
     * tied to it. Signed-in people and bots land nowhere: nothing is stored.
     */
    async land(ctx: RequestContext, input: AttributionLand, traits: VisitorTraits): Promise<{ recorded: boolean; token: string | null }> {
      let inviteCode: string | null = null;
      if (input.invite_code !== undefined) {
        inviteCode = decodeTwice(input.invite_code);
        if (inviteCode === null || inviteCode.includes('\u0000')) {
          throw new ValidationError('invite_code', 'invite_code: not an invite code URL-encoded twice.');
        }
      }
      if (ctx.viewer || traits.client !== 'human') return { recorded: false, token: null };
      const channel = inviteCode !== null ? 'invite' : (input.channel ?? 'direct');
      const token = newToken();
      await entryRepo.insertLanding(db, {
        id: newId(),
        tokenHash: hashToken(token),
        channel,
        referrer: input.referrer ?? 'none',
        pageKind: input.page_kind ?? 'other',
        site: traits.site,
        inviteCode,
        sharedBy: input.tracking_id ? this.sharerOf(input.tracking_id) : null,
      });
      return { recorded: true, token };
    },

    /** After a sign-up: the landing this browser had becomes the new account's. */
    async claimLanding(token: string | undefined, userId: string): Promise<boolean> {
      if (!token || token.length < 32 || token.length > 128) return false;
      return entryRepo.claimLanding(db, hashToken(token), userId);
    },

    /** UnauthEventResource create: counted per day, event, page kind and site; signed-in people and bots are not counted. */
    async event(ctx: RequestContext, e: { event: string; page_kind: string }, traits: VisitorTraits): Promise<{ recorded: boolean }> {
      if (ctx.viewer || traits.client !== 'human') return { recorded: false };
      await entryRepo.countEvent(db, { event: e.event, pageKind: e.page_kind, site: traits.site });
      return { recorded: true };
    },

    /** EntrySignupsResource get: staff only; anyone else is told there is no such thing. */
    async signups(ctx: RequestContext, weeks: number) {
      if (!(await maySeeEntryStatistics(db, requireViewer(ctx)))) throw notFound('page');
      const [rows, events] = await Promise.all([entryRepo.signupsByWeek(db, weeks), entryRepo.eventTotals(db, weeks * 7)]);
      return { weeks: rows, events };
    },

    /** The social tracking id of the viewer (docs/product/logged-out-and-business.md §7): their id, encrypted, for the Pin links they share. */
    socialTrackingId(ctx: RequestContext, userId: string): string {
      const viewer = requireViewer(ctx);
      if (viewer.id !== userId) throw forbidden('You can only read your own tracking id.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(userId, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    /** Who shared a link, from its social tracking id; null when it is not one of ours. */
    sharerOf(trackingId: string): string | null {
      try {
        const raw = Buffer.from(trackingId, 'base64url');
        if (raw.length < 29 || raw.length > 64) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const id = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        return /^\d{1,20}$/.test(id) ? id : null;
      } catch {
        return null;
      }
    },
  };
}
