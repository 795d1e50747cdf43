/**
 * Partner (business) profiles: contact details, the cover image, monthly
 * views; verified merchants' inspirational badges.
 */
import type { TBadgeSelection, TUpdatePartnerProfile } from '@pinboard/shared/schemas/partner';
import { selectedBadgeIds } from '@pinboard/shared/constants/badges';
import type { Db } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import type { MediaStore } from '../../media-pipeline/media-store';
import { processImage } from '../../media-pipeline/process-image';
import { storeImage } from '../../media-pipeline/store-image';
import { isVerifiedMerchant, isWebsiteVerified, presentMerchant, presentPartnerProfileFields, presentProfileCover } from './partner.present';
import { isFetchRefusedError } from '../pin-builder';
import { newVerifyCode, pageHasCode, readWebsite, verifyMetaTag } from './website-claim';
import { partnerRepo, websiteClaimRepo, type PartnerColumns } from './partner.repo';

export function createPartnerService({ db, media, config }: { db: Db; media: MediaStore; config: { fetchAllowPrivateAddresses: boolean } }) {
  async function ownPartnerAccount(ctx: RequestContext) {
    const viewer = requireViewer(ctx);
    const user = await partnerRepo.byId(db, viewer.id);
    if (!user?.is_partner) throw forbidden('Only business accounts have these settings.');
    return user;
  }

  return {
    /** Turns the viewer's account into a business account (convert-business), or back (convert-personal). */
    async setBusinessAccount(ctx: RequestContext, isPartner: boolean) {
      const viewer = requireViewer(ctx);
      await partnerRepo.setPartner(db, viewer.id, isPartner);
      const user = (await partnerRepo.byId(db, viewer.id))!;
      return presentPartnerProfileFields(user, {
        isOwner: true,
        contentVisible: true,
        monthlyViews: isPartner ? await partnerRepo.monthlyViews(db, user.id) : null,
      });
    },

    /** The meta tag the viewer's website must carry, and whether it is claimed. */
    async websiteClaim(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      let state = (await websiteClaimRepo.state(db, viewer.id))!;
      if (!state.website_verify_code) {
        await websiteClaimRepo.setCode(db, viewer.id, newVerifyCode());
        state = (await websiteClaimRepo.state(db, viewer.id))!;
      }
      const user = (await partnerRepo.byId(db, viewer.id))!;
      return {
        website_url: state.website_url || null,
        meta_tag: verifyMetaTag(state.website_verify_code!),
        is_primary_website_verified: isWebsiteVerified(user),
        is_verified_merchant: isVerifiedMerchant(user),
      };
    },

    /** Reads the profile's website and claims it when its page carries the viewer's meta tag. */
    async claimWebsite(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      const state = await this.websiteClaim(ctx);
      if (!state.website_url) throw invalid('website_url: add your website to your profile first.');
      const code = (await websiteClaimRepo.state(db, viewer.id))!.website_verify_code!;
      let html: string;
      try {
        html = await readWebsite(state.website_url, config.fetchAllowPrivateAddresses);
      } catch {
        throw invalid("website_url: we couldn't open your website. Check that it is online and public.");
      }
      let found: boolean;
      try {
        found = await pageHasCode(html, code);
      } catch (err) {
        if (isFetchRefusedError(err) && err.reason === 'unreadable') throw invalid("website_url: we couldn't read your website's home page in time.");
        throw err;
      }
      if (!found) throw invalid("website_url: we couldn't find the tag on your website's home page.");
      await websiteClaimRepo.setVerified(db, viewer.id, state.website_url);
      return this.websiteClaim(ctx);
    },

    async updatePartnerProfile(ctx: RequestContext, input: TUpdatePartnerProfile) {
      const user = await ownPartnerAccount(ctx);
      await partnerRepo.update(db, user.id, input);
      const updated = (await partnerRepo.byId(db, user.id))!;
      return presentPartnerProfileFields(updated, { isOwner: true, contentVisible: true, monthlyViews: await partnerRepo.monthlyViews(db, user.id) });
    },

    /** A new cover through the image pipeline; the old one's files are removed. */
    async setCover(ctx: RequestContext, image: Buffer) {
      const user = await ownPartnerAccount(ctx);
      const stored = await storeImage(media, await processImage(image));
      const images = stored.images as unknown as Record<string, { url: string; width: number; height: number }>;
      const old = await partnerRepo.setCover(db, user.id, { images, base: stored.base, dominantColor: stored.dominantColor });
      if (old) await dropCoverFiles(old, user.cover_images);
      return { profile_cover: presentProfileCover((await partnerRepo.byId(db, user.id))!) };
    },

    async removeCover(ctx: RequestContext) {
      const user = await ownPartnerAccount(ctx);
      const old = await partnerRepo.setCover(db, user.id, null);
      if (old) await dropCoverFiles(old, user.cover_images);
      return { profile_cover: { source: 'empty' as const } };
    },

    /** VerifiedMerchantResource read: anyone may read a verified merchant's badges (they show on the profile). */
    async merchant(_ctx: RequestContext, userId: string) {
      const user = await partnerRepo.byId(db, userId);
      if (!user || !isVerifiedMerchant(user)) throw notFound('merchant');
      return presentMerchant(user);
    },

    /** VerifiedMerchantResource update: only the merchant changes their own badges. */
    async updateBadges(ctx: RequestContext, userId: string | undefined, selection: TBadgeSelection) {
      const viewer = requireViewer(ctx);
      if (userId && userId !== viewer.id) throw forbidden('Only the merchant can change their badges.');
      const user = await partnerRepo.byId(db, viewer.id);
      if (!user || !isVerifiedMerchant(user)) throw forbidden('Only verified merchants can show badges.');
      await partnerRepo.setBadges(db, viewer.id, selectedBadgeIds(selection.badgeOptOut), selection.badgeColor.toUpperCase());
      return presentMerchant((await partnerRepo.byId(db, viewer.id))!);
    },
  };

  async function dropCoverFiles(base: string, images: PartnerColumns['cover_images']) {
    if (await partnerRepo.isCover(db, base)) return;
    const keys = new Set(
      Object.values(images ?? {})
        .map((v) => v.url.replace(/^\/media\//, ''))
        .filter((k) => k.startsWith(base)),
    );
    if (keys.size > 0) await media.delete([...keys]).catch(() => undefined);
  }
}
