/**
 * What a profile answer gains from partner profiles, badges, tried Pins and
 * board suggestions: one call for users.service, so the profile reads them
 * without knowing each module.
 */
import type { Db } from '../../db/client';
import type { RequestContext } from '../../lib/context';
import { hasPinClusters } from '../clusters';
import { eligibleProfileTabs, hasVisibleTried } from '../tried';
import { presentPartnerProfileFields } from './partner.present';
import { partnerRepo } from './partner.repo';
import { profileViews } from './profile-views';

export async function profileExtras(db: Db, ctx: RequestContext, userId: string, o: { isOwner: boolean; contentVisible: boolean; storyPinCount?: number }) {
  const user = await partnerRepo.byId(db, userId);
  if (!user) return {};
  if (!o.isOwner && user.is_partner) countView(db, ctx, user.id);
  if (user.is_partner) await profileViews(db).flush();
  const monthlyViews = user.is_partner ? await partnerRepo.monthlyViews(db, user.id) : null;
  const hasTried = o.contentVisible && (o.isOwner || (await hasVisibleTried(db, ctx.viewer?.id ?? null, user.id)));
  const clusters = o.isOwner && (await hasPinClusters(db, user.id));
  return {
    ...presentPartnerProfileFields(user, { ...o, monthlyViews }),
    eligible_profile_tabs: eligibleProfileTabs({ isOwner: o.isOwner, hasTried, hasStoryPins: (o.storyPinCount ?? 0) > 0 }),
    has_pin_clusters: clusters,
    // A business that turned profile messages off takes none (docs/product/profiles-and-boards.md §5).
    ...(user.is_partner && !user.enable_profile_message ? { should_show_messaging: false } : {}),
  };
}

/** Someone other than the pinner opened a Pin: a partner's counts toward their monthly views. */
export function recordPinView(db: Db, ctx: RequestContext, pinnerId: string) {
  if (ctx.viewer?.id === pinnerId) return;
  countView(db, ctx, pinnerId);
}

/** Counts a view now, and again on every read answered from memory later. */
function countView(db: Db, ctx: RequestContext, userId: string) {
  const record = () => profileViews(db).record(userId);
  record();
  ctx.readEffects?.push(record);
}
