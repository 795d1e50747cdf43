/**
 * Title, description, canonical link and Open Graph tags for the first HTML of
 * a page. Reads go through the same services (and visibility rules) as the
 * API, so a secret board's page says no more than a missing one.
 */
import { isAppPath } from '@pinboard/shared/constants/appPaths';
import { parseProfilePath } from '@pinboard/shared/constants/profilePaths';
import { isProfilePath } from '@pinboard/shared/constants/reservedPaths';
import { truncate } from '@pinboard/shared/text/truncate';
import { AppError } from '../../lib/app-error';
import { isId } from '../../lib/ids';
import { decodeUriComponentOrNull } from '../../lib/uri';
import { jsonLdScript, MAX_STRUCTURED_PINS, profileJsonLd } from './structured-data';
import type { RequestContext } from '../../lib/context';
import type { Services } from '../../services';

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  canonical: string | null;
  image: string | null;
  type: 'website' | 'profile' | 'article';
  /** JSON-LD structured data, when the page has any. */
  jsonLd?: object | null;
  noindex?: boolean;
}

export const SITE_NAME = 'Pinboard';
const DEFAULT_DESCRIPTION = 'Discover and save ideas: collect images and links into boards, and follow the people who inspire you.';

const base = (title: string, description = DEFAULT_DESCRIPTION): PageMeta => ({
  status: 200,
  title,
  description,
  canonical: null,
  image: null,
  type: 'website',
});

const missing = (): PageMeta => ({ ...base(`Page not found | ${SITE_NAME}`), status: 404 });

async function orMissing(read: () => Promise<PageMeta>): Promise<PageMeta> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 404) return missing();
    throw err;
  }
}

export async function pageMetaFor(s: Services, ctx: RequestContext, url: string, publicUrl: string): Promise<PageMeta> {
  // The router stops at '?' and '#' (a raw request target may carry a fragment); so do we.
  const path = url.split(/[?#]/)[0] || '/';
  const decoded = path.split('/').filter(Boolean).map(decodeUriComponentOrNull);
  // A segment that does not decode, or holds NUL, names no profile, board or Pin.
  if (decoded.some((s) => s === null || s.includes('\u0000'))) return missing();
  const segments = decoded as string[];
  const abs = (p: string) => publicUrl + p;

  if (segments[0] === 'pin' && isId(segments[1]) && segments.length === 2) {
    const id = segments[1];
    return orMissing(async () => {
      const pin = await s.pins.get(ctx, id);
      const title = pin.title || pin.description || `Pin by ${pin.pinner.full_name}`;
      return {
        status: 200,
        title: `${truncate(title, 80)} | ${SITE_NAME}`,
        description: truncate(pin.description || `Saved by ${pin.pinner.full_name}${pin.board ? ` to ${pin.board.name}` : ''}.`, 200),
        canonical: abs(`/pin/${pin.id}/`),
        image: abs(pin.images['736x']?.url ?? pin.images.orig?.url ?? ''),
        type: 'article',
      };
    });
  }
  // /{username}/{tab or page}/... is the profile itself, not a board (the web router reads it the same way).
  const profileSubPath = segments.length >= 2 && parseProfilePath(segments.slice(1)) !== null;
  if (segments.length === 3 && isProfilePath(path) && !profileSubPath && !segments[2]!.startsWith('_')) {
    const [username, slug, sectionSlug] = segments as [string, string, string];
    return orMissing(async () => {
      const board = await s.boards.get(ctx, { username, slug });
      const section = await s.sections.get(ctx, { board_id: board.id, slug: sectionSlug });
      return {
        status: 200,
        title: `${section.title} | ${board.name} | ${SITE_NAME}`,
        description: truncate(`${section.pin_count} Pins in ${section.title}, a section of ${board.name} by ${board.owner.full_name}.`, 200),
        canonical: abs(section.url ?? board.url),
        image: section.preview_pins[0] ? abs(section.preview_pins[0].image_square_url) : null,
        type: 'website',
      };
    });
  }
  if (isProfilePath(path) && (segments.length === 1 || (segments.length === 2 && !profileSubPath) || (segments.length <= 3 && profileSubPath))) {
    const [username, slug] = segments as [string, string | undefined];
    if (slug && !profileSubPath) {
      return orMissing(async () => {
        const board = await s.boards.get(ctx, { username, slug });
        return {
          status: 200,
          title: `${board.name} | ${SITE_NAME}`,
          description: truncate(board.description || `${board.pin_count} Pins saved by ${board.owner.full_name}.`, 200),
          canonical: abs(board.url),
          // A sensitive board's cover is shown blurred in the app; a link preview cannot blur it, so it has none (decision 016).
          image: !board.is_sensitive && board.cover_images?.['474x']?.url ? abs(board.cover_images['474x'].url) : null,
          type: 'website',
        };
      });
    }
    return orMissing(async () => {
      const user = await s.users.getProfile(ctx, username);
      const pins = user.content_visible ? (await s.feeds.userPins(ctx, user.username, { pageSize: MAX_STRUCTURED_PINS })).items : [];
      return {
        status: 200,
        title: `${user.full_name} (${user.username}) | ${SITE_NAME}`,
        description: truncate(user.about || `See what ${user.full_name} has saved on ${SITE_NAME}.`, 200),
        canonical: abs(`/${user.username}/`),
        image: user.image_medium_url ? abs(user.image_medium_url) : null,
        type: 'profile',
        jsonLd: profileJsonLd(user, pins, abs),
        noindex: !!user.seo_noindex_reason,
      };
    });
  }
  if (segments[0] === 'ideas' && segments.length === 2) {
    const slug = segments[1]!;
    return orMissing(async () => {
      const idea = await s.topics.ideaPage(ctx, slug);
      // Only the idea categories have pages; a sub-topic is a chip on its category's page.
      if (idea.parent_id) return missing();
      return {
        status: 200,
        title: `${idea.name} ideas | ${SITE_NAME}`,
        description: truncate(idea.description, 200),
        canonical: abs(idea.url),
        image: idea.image ? abs(idea.image.url) : null,
        type: 'website',
      };
    });
  }
  if (segments[0] === 'today' && segments.length === 4 && isId(segments[3])) {
    const id = segments[3];
    return orMissing(async () => {
      const article = await s.today.get(ctx, id);
      return {
        status: 200,
        title: `${truncate(article.title, 80)} | ${SITE_NAME}`,
        description: truncate(article.body || `${article.pins.length} ideas picked by the ${SITE_NAME} editors.`, 200),
        canonical: abs(article.url),
        image: article.cover ? abs(article.cover.url) : null,
        type: 'article',
      };
    });
  }
  if (segments[0] === 'today' && segments.length === 1) return { ...base(`Today | ${SITE_NAME}`), canonical: abs('/today/') };
  if (path === '/' || path === '/homefeed' || path === '/homefeed/') return { ...base(SITE_NAME), canonical: abs('/') };
  return isAppPath(segments) ? base(SITE_NAME) : missing();
}


const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderHead(m: PageMeta): string {
  const tags = [
    `<title>${esc(m.title)}</title>`,
    `<meta name="description" content="${esc(m.description)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${esc(m.title)}">`,
    `<meta property="og:description" content="${esc(m.description)}">`,
    `<meta property="og:type" content="${m.type}">`,
  ];
  if (m.canonical) tags.push(`<link rel="canonical" href="${esc(m.canonical)}">`, `<meta property="og:url" content="${esc(m.canonical)}">`);
  if (m.image) tags.push(`<meta property="og:image" content="${esc(m.image)}">`, `<meta name="twitter:card" content="summary_large_image">`);
  if (m.status === 404 || m.noindex) tags.push('<meta name="robots" content="noindex">');
  if (m.jsonLd) tags.push(jsonLdScript(m.jsonLd));
  return tags.join('\n    ');
}
