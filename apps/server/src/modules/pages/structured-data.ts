/**
 * JSON-LD for a profile's first HTML (docs/product/profiles-and-boards.md §5): at most 10
 * Pins; Pins with a noindex reason or without created_at are skipped (and the
 * missing date is reported); nothing at all for profiles with a noindex reason.
 */
export const MAX_STRUCTURED_PINS = 10;

interface ProfileFacts {
  username: string;
  full_name: string;
  about: string;
  image_medium_url: string | null;
  follower_count: number;
  seo_noindex_reason: string | null;
}

interface PinFacts {
  id: string;
  title: string;
  description: string;
  created_at?: string | null;
  seo_noindex_reason?: string | null;
  images: Record<string, { url: string; width: number; height: number } | undefined>;
}

export function profileJsonLd(
  user: ProfileFacts,
  pins: PinFacts[],
  abs: (path: string) => string,
  report: (problem: string, pinId: string) => void = () => {},
): object | null {
  if (user.seo_noindex_reason) return null;
  const parts = [];
  for (const pin of pins) {
    if (parts.length === MAX_STRUCTURED_PINS) break;
    if (pin.seo_noindex_reason) continue;
    if (!pin.created_at) {
      report('missing created_at', pin.id);
      continue;
    }
    const image = pin.images['736x'] ?? pin.images.orig;
    if (!image) continue;
    parts.push({
      '@type': 'ImageObject',
      url: abs(`/pin/${pin.id}/`),
      contentUrl: abs(image.url),
      width: image.width,
      height: image.height,
      name: pin.title || undefined,
      description: pin.description || undefined,
      uploadDate: pin.created_at,
    });
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: abs(`/${user.username}/`),
    mainEntity: {
      '@type': 'Person',
      name: user.full_name,
      alternateName: user.username,
      description: user.about || undefined,
      image: user.image_medium_url ? abs(user.image_medium_url) : undefined,
      url: abs(`/${user.username}/`),
      interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/FollowAction', userInteractionCount: user.follower_count },
    },
    hasPart: parts,
  };
}

/** Serialises for a <script type="application/ld+json"> block: no way to close the tag early. */
export function jsonLdScript(data: object): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script type="application/ld+json">${json}</script>`;
}
