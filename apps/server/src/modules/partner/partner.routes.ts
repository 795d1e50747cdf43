import { zNoOptions } from '@pinboard/shared/schemas/common';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { zGetVerifiedMerchant, zSetProfileCover, zUpdatePartnerProfile, zUpdateVerifiedMerchant } from '@pinboard/shared/schemas/partner';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../lib/app-error';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';
import { decodeBase64Image } from '../../lib/data-url';

export function registerPartnerResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'PartnerProfileResource',
    description: "A business account's contact details and profile options (the partner field set).",
    actions: {
      update: action({
        summary: 'Edit your business contact email, phone, profile messaging and place',
        options: zUpdatePartnerProfile,
        auth: 'required',
        handler: (ctx, o) => s.partner.updatePartnerProfile(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'BusinessAccountResource',
    description: 'Turn your account into a business (partner) account, or back into a personal one.',
    actions: {
      create: action({
        summary: 'Convert to a business account',
        options: zNoOptions,
        auth: 'required',
        handler: (ctx) => s.partner.setBusinessAccount(ctx, true),
      }),
      delete: action({
        summary: 'Convert back to a personal account',
        options: zNoOptions,
        auth: 'required',
        handler: (ctx) => s.partner.setBusinessAccount(ctx, false),
      }),
    },
  });

  registry.add({
    name: 'WebsiteClaimResource',
    description: "Claim your profile's website: read the meta tag to put on its home page, then ask the server to check it.",
    actions: {
      get: action({
        summary: 'The meta tag and whether the website is claimed',
        options: zNoOptions,
        auth: 'required',
        handler: (ctx) => s.partner.websiteClaim(ctx),
      }),
      create: action({
        summary: "Check the website's home page for the tag and claim it",
        options: zNoOptions,
        auth: 'required',
        async handler(ctx) {
          await s.limits.take('website_claim', ctx);
          return s.partner.claimWebsite(ctx);
        },
      }),
    },
  });

  registry.add({
    name: 'ProfileCoverResource',
    description: "A business profile's cover image, shown above the avatar.",
    actions: {
      create: action({
        summary: 'Set your cover image (multipart field `image`, or `image_base64` as a data URL)',
        options: zSetProfileCover,
        auth: 'required',
        multipart: true,
        bodyLimit: Math.ceil(IMAGE_MAX_BYTES * 1.4),
        async handler(ctx, o, req: FastifyRequest) {
          const upload = (req as FastifyRequest & { uploadedImage?: Buffer | null }).uploadedImage ?? null;
          const image = upload ?? (o.image_base64 ? decodeBase64Image(o.image_base64) : null);
          if (!image) throw invalid('image: choose an image for the cover.');
          await s.limits.take('profile_cover', ctx);
          return s.partner.setCover(ctx, image);
        },
      }),
      delete: action({ summary: 'Remove your cover image', options: zNoOptions, auth: 'required', handler: (ctx) => s.partner.removeCover(ctx) }),
    },
  });

  registry.add({
    name: 'VerifiedMerchantResource',
    description: "A verified merchant's inspirational badges: the catalogue (badge_details) and the merchant's selection.",
    actions: {
      get: action({ summary: "Read a verified merchant's badges", options: zGetVerifiedMerchant, handler: (ctx, o) => s.partner.merchant(ctx, o.userId) }),
      update: action({
        summary: 'Choose your badges (at most 3 shown) and their colour',
        options: zUpdateVerifiedMerchant,
        auth: 'required',
        handler: (ctx, o) => s.partner.updateBadges(ctx, o.userId, o.inspirational_badge_selection),
      }),
    },
  });
}
