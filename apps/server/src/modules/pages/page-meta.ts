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
import { lowerNameIn, OG_LOCALE, serverT, topicNameIn } from '../../lib/i18n';
import { DEFAULT_LOCALE, type Locale } from '@pinboard/shared/constants/locales';
import { isId } from '../../lib/ids';
import { decodeUriComponentOrNull } from '../../lib/uri';
import { jsonLdScript, MAX_STRUCTURED_PINS, profileJsonLd } from './structured-data';
import type { RequestContext } from '../../lib/context';
import type { Services } from '../../services';
import { pinLinkText, type CrawlerLink, type CrawlerPage } from './crawler-body';

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
  /** The language its texts are in (og:locale); en-US when not given. */
  locale?: Locale;
  /** Its visible content for a crawler's first HTML (crawler-body.ts); read only when a bot asks. */
  crawler?: () => Promise<CrawlerPage>;
  /** Where the page sends the browser instead (302): a signed-out visitor of the consent page goes to log in first. */
  redirect?: string;
}

/** How many Pins a crawler's list of a board's, a topic's or related Pins holds. */
const CRAWLER_PINS = 50;

const SITE_NAME = 'Pinboard';
/**
 * The page's texts in the locale it is served in (page-locale.ts decides it),
 * from the server catalogues (lib/i18n.ts); a user's own words (titles,
 * names, descriptions) stay as written.
 */
export async function pageMetaFor(s: Services, ctx: RequestContext, url: string, publicUrl: string, locale: Locale = DEFAULT_LOCALE): Promise<PageMeta> {
  return { ...(await metaFor(s, ctx, url, publicUrl, locale)), locale };
}

async function metaFor(s: Services, ctx: RequestContext, url: string, publicUrl: string, locale: Locale): Promise<PageMeta> {
  const tr = (id: string, values?: Record<string, unknown>) => serverT(locale, id, values);
  const base = (title: string, description = tr('page.defaultDescription')): PageMeta => ({
    status: 200,
    title,
    description,
    canonical: null,
    image: null,
    type: 'website',
  });
  const missing = (): PageMeta => ({ ...base(`${tr('page.notFound')} | ${SITE_NAME}`), status: 404 });
  const orMissing = async (read: () => Promise<PageMeta>): Promise<PageMeta> => {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError && err.httpStatus === 404) return missing();
      throw err;
    }
  };

  // The router stops at '?' and '#' (a raw request target may carry a fragment); so do we.
  const path = url.split(/[?#]/)[0] || '/';
  const decoded = path.split('/').filter(Boolean).map(decodeUriComponentOrNull);
  // A segment that does not decode, or holds NUL, names no profile, board or Pin.
  if (decoded.some((s) => s === null || s.includes('\u0000'))) return missing();
  const segments = decoded as string[];
  const abs = (p: string) => publicUrl + p;
  const pinLinks = (pins: { id: string; title: string; description: string; pinner: { full_name: string } }[]): CrawlerLink[] =>
    pins.map((p) => ({ href: `/pin/${p.id}/`, text: pinLinkText(p, tr('page.pinBy', { name: p.pinner.full_name })), kind: 'pin' }));
  const page = { pageSize: CRAWLER_PINS };

  if (segments[0] === 'pin' && isId(segments[1]) && segments.length === 2) {
    const id = segments[1];
    return orMissing(async () => {
      const pin = await s.pins.get(ctx, id);
      const title = pin.title || pin.description || tr('page.pinBy', { name: pin.pinner.full_name });
      return {
        status: 200,
        title: `${truncate(title, 80)} | ${SITE_NAME}`,
        description: truncate(
          pin.description || tr('page.pinSaved', { name: pin.pinner.full_name, hasBoard: pin.board ? 'yes' : 'no', board: pin.board?.name ?? '' }),
          200,
        ),
        canonical: abs(`/pin/${pin.id}/`),
        image: abs(pin.images['736x']?.url ?? pin.images.orig?.url ?? ''),
        type: 'article',
        crawler: async () => ({
          heading: title,
          text: pin.description && pin.description !== title ? pin.description : undefined,
          image: { src: abs(pin.images['736x']?.url ?? pin.images.orig?.url ?? ''), alt: pin.alt_text || title },
          lists: [
            {
              heading: tr('page.crawlerFrom'),
              links: [
                { href: `/${pin.pinner.username}/`, text: pin.pinner.full_name, kind: 'profile' },
                ...(pin.board ? [{ href: pin.board.url, text: pin.board.name, kind: 'board' as const }] : []),
              ],
            },
            { heading: tr('page.crawlerRelated'), links: pinLinks((await s.topics.related(ctx, pin.id, page)).items) },
          ],
        }),
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
        description: truncate(
          tr('page.sectionDescription', { count: section.pin_count, section: section.title, board: board.name, owner: board.owner.full_name }),
          200,
        ),
        canonical: abs(section.url ?? board.url),
        image: section.preview_pins[0] ? abs(section.preview_pins[0].image_square_url) : null,
        type: 'website',
        crawler: async () => ({
          heading: section.title,
          lists: [
            { heading: tr('page.crawlerFrom'), links: [{ href: board.url, text: board.name, kind: 'board' }] },
            { heading: tr('page.crawlerPins'), links: pinLinks((await s.feeds.section(ctx, section.id, page)).items) },
          ],
        }),
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
          description: truncate(board.description || tr('page.boardDescription', { count: board.pin_count, owner: board.owner.full_name }), 200),
          canonical: abs(board.url),
          // A sensitive board's cover is shown blurred in the app; a link preview cannot blur it, so it has none (decision 016).
          image: !board.is_sensitive && board.cover_images?.['474x']?.url ? abs(board.cover_images['474x'].url) : null,
          type: 'website',
          crawler: async () => ({
            heading: board.name,
            text: board.description || undefined,
            lists: [
              { heading: tr('page.crawlerFrom'), links: [{ href: `/${board.owner.username}/`, text: board.owner.full_name, kind: 'profile' }] },
              { heading: tr('page.crawlerPins'), links: pinLinks((await s.feeds.board(ctx, board.id, page)).items) },
            ],
          }),
        };
      });
    }
    return orMissing(async () => {
      const user = await s.users.getProfile(ctx, username);
      const pins = user.content_visible ? (await s.feeds.userPins(ctx, user.username, { pageSize: MAX_STRUCTURED_PINS })).items : [];
      return {
        status: 200,
        title: `${user.full_name} (${user.username}) | ${SITE_NAME}`,
        description: truncate(user.about || tr('page.profileDescription', { name: user.full_name, site: SITE_NAME }), 200),
        canonical: abs(`/${user.username}/`),
        image: user.image_medium_url ? abs(user.image_medium_url) : null,
        type: 'profile',
        jsonLd: profileJsonLd(user, pins, abs),
        noindex: !!user.seo_noindex_reason,
        crawler: async () => ({
          heading: `${user.full_name} (@${user.username})`,
          text: user.about || undefined,
          image: user.image_medium_url ? { src: abs(user.image_medium_url), alt: user.full_name } : null,
          // A private profile's boards are for its followers only: the list is read only when its content is visible.
          lists: user.content_visible
            ? [
                {
                  heading: tr('page.crawlerBoards'),
                  links: (await s.boards.listForUser(ctx, user.username, page)).items.map((b) => ({ href: b.url, text: b.name, kind: 'board' as const })),
                },
              ]
            : [],
        }),
      };
    });
  }
  if (segments[0] === 'ideas' && segments.length === 2) {
    const slug = segments[1]!;
    return orMissing(async () => {
      const idea = await s.topics.ideaPage(ctx, slug);
      // Only the idea categories have pages; a sub-topic is a chip on its category's page.
      if (idea.parent_id) return missing();
      // The catalogue's topics are named by slug in the page's language (the API's names are en-US).
      const name = topicNameIn(locale, idea.slug, idea.name);
      const children = idea.children.map((c) => lowerNameIn(locale, topicNameIn(locale, c.slug, c.name)));
      const description = tr('page.ideaDescription', {
        name,
        lower: lowerNameIn(locale, name),
        count: children.length,
        children: children.join(locale === 'ja' ? '、' : ', '),
      });
      return {
        status: 200,
        title: `${tr('page.ideaTitle', { name })} | ${SITE_NAME}`,
        description: truncate(description, 200),
        canonical: abs(idea.url),
        image: idea.image ? abs(idea.image.url) : null,
        type: 'website',
        crawler: async () => ({
          heading: name,
          text: description,
          lists: [{ heading: tr('page.crawlerPins'), links: pinLinks((await s.topics.ideaFeed(ctx, idea.slug, page)).items) }],
        }),
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
        description: truncate(article.body || tr('page.todayDescription', { count: article.pins.length, site: SITE_NAME }), 200),
        canonical: abs(article.url),
        image: article.cover ? abs(article.cover.url) : null,
        type: 'article',
        crawler: async () => ({
          heading: article.title,
          text: article.body || undefined,
          lists: [{ heading: tr('page.crawlerPins'), links: pinLinks(article.pins) }],
        }),
      };
    });
  }
  if (segments[0] === 'today' && segments.length === 1) {
    return {
      ...base(`${tr('page.today')} | ${SITE_NAME}`),
      canonical: abs('/today/'),
      crawler: async () => ({
        heading: tr('page.today'),
        lists: [
          {
            heading: tr('page.today'),
            links: (await s.today.latest(ctx, { pageSize: CRAWLER_PINS })).items.map((a) => ({ href: a.url, text: a.title, kind: 'article' as const })),
          },
        ],
      }),
    };
  }
  if (segments[0] === 'oauth' && segments.length === 1) return oauthConsentMeta(s, ctx, url, base(`${tr('page.oauthConsent')} | ${SITE_NAME}`));
  if (path === '/' || path === '/homefeed' || path === '/homefeed/') return { ...base(SITE_NAME), canonical: abs('/') };
  return isAppPath(segments) ? base(SITE_NAME) : missing();
}

/**
 * The consent page (decision 099): an unknown client, an unregistered redirect URI or another bad request is
 * answered 400 here (the page then says why) and never redirected to; a signed-out visitor of a good one is sent
 * to log in and back.
 */
async function oauthConsentMeta(s: Services, ctx: RequestContext, url: string, base: PageMeta): Promise<PageMeta> {
  const q = url.indexOf('?');
  const query = Object.fromEntries(new URLSearchParams(q < 0 ? '' : url.slice(q + 1)));
  try {
    await s.oauth.consent(query);
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 400) return { ...base, status: 400, noindex: true };
    throw err;
  }
  if (!ctx.viewer) return { ...base, noindex: true, redirect: `/login/?next=${encodeURIComponent(url)}` };
  return { ...base, noindex: true };
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
    `<meta property="og:locale" content="${OG_LOCALE[m.locale ?? DEFAULT_LOCALE]}">`,
  ];
  if (m.canonical) tags.push(`<link rel="canonical" href="${esc(m.canonical)}">`, `<meta property="og:url" content="${esc(m.canonical)}">`);
  if (m.image) tags.push(`<meta property="og:image" content="${esc(m.image)}">`, `<meta name="twitter:card" content="summary_large_image">`);
  if (m.status === 404 || m.noindex) tags.push('<meta name="robots" content="noindex">');
  if (m.jsonLd) tags.push(jsonLdScript(m.jsonLd));
  return tags.join('\n    ');
}
