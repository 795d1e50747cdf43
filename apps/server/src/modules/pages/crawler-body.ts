/**
 * Crawler link lists (docs/product/logged-out-and-business.md §2: profile, Pin, board, Today
 * and idea pages are classified for crawler link lists; decision 060).
 *
 * For a client the product recognises as a bot, the first HTML of these pages
 * carries its visible content as plain HTML inside `#root`: the heading, the
 * text and picture a page is about, and a list of links, each marked with the
 * page kind it leads to (`data-page-kind`). The web app's first render replaces
 * it, so a person never sees it, and people's first HTML is built without it.
 *
 * Every list is read through the same services as the API, with the request's
 * viewer: what a signed-out visitor may not see (secret boards, private
 * profiles, removed people) is not here either.
 */
import type { PageKind } from '@pinboard/shared/constants/entry';

/** The spec's page kinds (entry.ts) that crawler lists link to. */
type CrawlerPageKind = Extract<PageKind, 'pin' | 'board' | 'profile' | 'today' | 'article' | 'ideas'>;

export interface CrawlerLink {
  href: string;
  text: string;
  kind: CrawlerPageKind;
}

export interface CrawlerPage {
  heading: string;
  text?: string | undefined;
  image?: { src: string; alt: string } | null | undefined;
  /** Lists of links under a heading of their own (a Pin's board and pinner, then its related Pins). */
  lists: { heading: string; links: CrawlerLink[] }[];
}

/** How many links one list holds at most: enough for a crawler to walk on, bounded in cost. */
const CRAWLER_LINKS_PER_LIST = 50;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page as HTML for `#root`: one `<main>`, no script, every user text escaped. */
export function renderCrawlerBody(page: CrawlerPage): string {
  const parts = [`<main data-crawler-links>`, `<h1>${esc(page.heading)}</h1>`];
  if (page.image?.src) parts.push(`<img src="${esc(page.image.src)}" alt="${esc(page.image.alt)}">`);
  if (page.text) parts.push(`<p>${esc(page.text)}</p>`);
  for (const list of page.lists) {
    if (list.links.length === 0) continue;
    parts.push(`<section><h2>${esc(list.heading)}</h2><ul>`);
    for (const link of list.links.slice(0, CRAWLER_LINKS_PER_LIST)) {
      parts.push(`<li><a href="${esc(link.href)}" data-page-kind="${link.kind}">${esc(link.text)}</a></li>`);
    }
    parts.push(`</ul></section>`);
  }
  parts.push(`</main>`);
  return parts.join('');
}

/**
 * Puts a rendered body into the first HTML's `#root`, in place of what the template holds there (nothing in the
 * built app; a line about building it when there is no build). The root holds no element of its own kind.
 */
export function withCrawlerBody(html: string, body: string): string {
  const open = '<div id="root">';
  const at = html.indexOf(open);
  const end = at < 0 ? -1 : html.indexOf('</div>', at + open.length);
  if (end < 0) return html;
  return html.slice(0, at + open.length) + body + html.slice(end);
}

/** The words a Pin is shown by in a link: its title, else its description, else a fallback in the page's language. */
export function pinLinkText(pin: { title: string; description: string }, fallback: string): string {
  const text = pin.title || pin.description;
  return text ? (text.length > 100 ? `${text.slice(0, 99)}…` : text) : fallback;
}
