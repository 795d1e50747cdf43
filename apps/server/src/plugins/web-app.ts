/**
 * Serves the built React app: hashed assets with immutable cache headers, and
 * for every other HTML GET the app's index.html with the page's title,
 * description, canonical link and Open Graph tags already in the first HTML.
 *
 * The web build writes file.br (Brotli 11) and file.gz (gzip 9) beside each
 * JS, CSS, SVG and HTML file (apps/web/vite.config.ts). Assets and the root
 * files are sent in the encoding the request's Accept-Encoding prefers among
 * those there, with `Vary: Accept-Encoding`; nothing is compressed per request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from '../lib/context';
import { notFound } from '../lib/app-error';
import type { Services } from '../services';
import { contextOf } from './session';
import { servicesRecordingShown } from './public-read-cache';
import { pageMetaFor, renderHead, type PageMeta } from '../modules/pages/page-meta';
import { pageLocale, renderAlternates, withLocale } from '../modules/pages/page-locale';
import { clientKindOf } from '@pinboard/shared/constants/entryChannels';

/** Addresses whose misses are the API's (a JSON 404), never the app's page. */
const API_PREFIXES = ['/resource/', '/v3/', '/vx/', '/ads/', '/v5/', '/api/', '/media/', '/assets/', '/healthz'];
import { renderCrawlerBody, withCrawlerBody } from '../modules/pages/crawler-body';
import { THEME_BOOT_SCRIPT } from '@pinboard/shared/constants/theme';

/**
 * A signed-in page's Viewer, in the first HTML as JSON the app reads before its
 * first render: the side rail and the header are laid out for that person from
 * the first paint (no layout shift when the Viewer arrives) and one round trip
 * fewer. Signed-out pages carry none (their HTML is shared by every visitor).
 */
function renderViewerData(viewer: unknown): string {
  // `<` escaped, so no text in it can close the script element.
  return `<script id="viewer-data" type="application/json">${JSON.stringify(viewer).replaceAll('<', '\\u003c')}</script>`;
}

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><div id="root"><p style="font:16px system-ui;padding:32px">The web app is not built yet: run <code>npm run build</code>.</p></div></body></html>`;

type Encoding = 'br' | 'gzip' | 'identity';
/** The precompressed variants the build writes, best first. */
const PRECOMPRESSED = ['br', 'gzip'] as const;
const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/**
 * The encoding to send, from an Accept-Encoding header and the variants there
 * are: the one with the highest q-value (br before gzip when equal), else
 * identity. `*` stands for any encoding not named; q=0 refuses one.
 */
export function negotiateEncoding(header: string | string[] | undefined, offered: readonly ('br' | 'gzip')[]): Encoding {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

export async function webAppPlugin(
  app: FastifyInstance,
  opts: {
    distDir: string;
    services: Services;
    publicUrl: string;
    /** The signed-in viewer's answer the first HTML carries (auth's session-viewer.ts, passed in by app.ts: plugins sit below the modules). */
    viewerAnswer: (ctx: RequestContext, req: FastifyRequest) => Promise<unknown>;
  },
) {
  const indexPath = join(opts.distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const template = hasBuild ? readFileSync(indexPath, 'utf8') : FALLBACK_HTML;

  if (hasBuild && existsSync(join(opts.distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(opts.distDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
      index: false,
      preCompressed: true,
    });
  }
  // robots.txt is the sitemap module's (it names the sitemap at this server's address).
  // The app's icons (apps/web/public/, made by scripts/make-brand-icons.mjs), and its service worker, which must be
  // served from the root for its scope to be the whole app (decision 087).
  // The web manifest and its icons make the app installable, with a share target (decision 101).
  const rootFiles = [
    'favicon.svg',
    'favicon.ico',
    'apple-touch-icon.png',
    'sw.js',
    'manifest.webmanifest',
    'icons/icon-192.png',
    'icons/icon-512.png',
    'icons/maskable-192.png',
    'icons/maskable-512.png',
  ];
  const ROOT_FILE_TYPES: Record<string, string> = {
    svg: 'image/svg+xml',
    ico: 'image/x-icon',
    png: 'image/png',
    js: 'text/javascript; charset=utf-8',
    webmanifest: 'application/manifest+json',
  };
  for (const file of rootFiles) {
    const path = join(opts.distDir, file);
    if (!existsSync(path)) continue;
    const bodies: Partial<Record<Encoding, Buffer>> = { identity: readFileSync(path) };
    for (const encoding of PRECOMPRESSED) {
      if (existsSync(path + EXTENSION[encoding])) bodies[encoding] = readFileSync(path + EXTENSION[encoding]);
    }
    const offered = PRECOMPRESSED.filter((encoding) => bodies[encoding]);
    app.get(`/${file}`, async (req, reply) => {
      const encoding = offered.length > 0 ? negotiateEncoding(req.headers['accept-encoding'], offered) : 'identity';
      // A new worker is picked up on the next visit, not a day later.
      const caching = file === 'sw.js' ? 'no-cache' : 'public, max-age=86400';
      reply.type(ROOT_FILE_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'text/plain').header('cache-control', caching);
      if (offered.length > 0) reply.header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(bodies[encoding]);
    });
  }

  /**
   * The page answers any GET of an app address that does not ask for JSON (a browser, `curl http://localhost:3000/`,
   * a link checker with `Accept: *\/*`); the API's, the media's and the assets' addresses keep their JSON 404.
   */
  const wantsHtml = (req: FastifyRequest) => {
    if (req.method !== 'GET' || API_PREFIXES.some((prefix) => req.url.startsWith(prefix))) return false;
    const accept = (req.headers.accept ?? '').toLowerCase();
    return accept.includes('text/html') || !/\bapplication\/(?:[\w.+-]*\+)?json\b/.test(accept);
  };

  const headAt = template.indexOf('<!--app-head-->');
  const beforeHead = headAt < 0 ? template : template.slice(0, headAt);
  const afterHead = headAt < 0 ? '' : template.slice(headAt + '<!--app-head-->'.length);

  app.setNotFoundHandler(async (req, reply) => {
    if (!wantsHtml(req)) throw notFound('address');
    // Spliced, not String.replace with a string: `$&`, `$'` and friends in a board's description must stay text.
    // Crawlers and link-preview fetchers are told so in the first HTML (no upsells, no tracking, no
    // Created or Tried tabs: decision 041); the signed-out HTML cache keeps one copy per kind.
    const kind = clientKindOf(req.headers['user-agent']);
    // The page's language (the account's, else ?locale=, else Accept-Language) and its alternates (decision 042).
    const ctx = contextOf(req);
    const locale = pageLocale({ accountLocale: ctx.viewer?.locale, url: req.url, acceptLanguage: req.headers['accept-language'] });
    // Its title, description and Open Graph texts are in that language too (the signed-out cache keys by locale).
    // A page the signed-out cache may keep records what its reads returned: it is forgotten when one of those changes.
    const meta: PageMeta = await pageMetaFor(servicesRecordingShown(opts.services, req), ctx, req.url, opts.publicUrl, locale);
    if (meta.redirect) return reply.header('cache-control', 'no-store').redirect(meta.redirect, 302);
    const localized = withLocale(beforeHead, locale);
    const start = kind === 'human' ? localized : localized.replace('<html', `<html data-client="${kind}"`);
    const viewerData = ctx.viewer ? '\n    ' + renderViewerData(await opts.viewerAnswer(ctx, req)) : '';
    // The theme chosen on this device goes on <html> before anything paints (decision 063; its hash is in the CSP).
    const page =
      start + `<script>${THEME_BOOT_SCRIPT}</script>\n    ` + renderHead(meta) + '\n    ' + renderAlternates(opts.publicUrl, req.url) + viewerData + afterHead;
    // A crawler's first HTML also carries the page's visible content and links (decision 060); a person's is built without it.
    const html = kind !== 'human' && meta.crawler && meta.status === 200 ? withCrawlerBody(page, renderCrawlerBody(await meta.crawler())) : page;
    return reply.status(meta.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
