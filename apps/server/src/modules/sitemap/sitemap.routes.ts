/**
 * For crawlers (decision 039): `/robots.txt` names `/sitemap.xml`, a sitemap
 * index of sub-sitemaps by page kind (profile, board, pin: the crawler link
 * lists; ideas: the idea category pages). Each sub-sitemap is one keyset
 * page (`/sitemaps/{kind}-{afterId}.xml`: the rows after that id), streamed
 * in batches so that a 50,000-address file never sits in memory whole.
 */
import { Readable } from 'node:stream';
import { IDEA_SLUGS } from '@pinboard/shared/constants/ideas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { sitemapRepo, type SitemapKind, type SitemapRow } from './sitemap.repo';

const KINDS: readonly SitemapKind[] = ['profile', 'board', 'pin'];
const CACHE = 'public, max-age=3600';
/** Addresses written at once. */
const WRITE_SLICE = 500;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const seg = (s: string) => encodeURIComponent(s);

function urlEntry(loc: string, lastmod: string | null) {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
}

/**
 * Writes the entries of one kind. A Pin's address is the base (escaped once)
 * and its id (digits): no per-row escaping for the 50,000 rows of a Pin file.
 */
function entryWriter(kind: SitemapKind, base: string): (r: SitemapRow) => string {
  if (kind === 'profile') return (r) => urlEntry(`${base}/${seg(r.username ?? '')}/`, r.lastmod);
  if (kind === 'board') return (r) => urlEntry(`${base}/${seg(r.username ?? '')}/${seg(r.slug ?? '')}/`, r.lastmod);
  const head = `<url><loc>${escapeXml(base)}/pin/`;
  return (r) => `${head}${r.id}/</loc>${r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : ''}</url>\n`;
}

/**
 * One sub-sitemap: the first `limit` listed rows after `afterId`, read in
 * ranges of the key (sitemapRepo.scan: a few queries for 50,000 Pins) and
 * written as they come, so the file never sits in memory whole.
 */
export async function* subSitemap(db: Queryable, kind: SitemapKind, afterId: string, limit: number, base: string, batch?: number) {
  yield `${XML_HEAD}<urlset ${NS}>\n`;
  const entry = entryWriter(kind, base);
  let last: string | null = afterId;
  let left = limit;
  while (left > 0 && last !== null) {
    const got = await sitemapRepo.scan(db, kind, last, batch);
    const rows = got.rows.slice(0, left);
    // Written a slice at a time, giving the event loop back between slices.
    for (let i = 0; i < rows.length; i += WRITE_SLICE) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      let out = '';
      for (let j = i; j < Math.min(i + WRITE_SLICE, rows.length); j++) out += entry(rows[j]!);
      yield out;
    }
    left -= rows.length;
    last = got.done ? null : got.scannedTo;
  }
  yield '</urlset>\n';
}

const xml = (reply: FastifyReply) => reply.type('application/xml; charset=utf-8').header('cache-control', CACHE);

export function registerSitemapRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string; urlsPerFile: number }) {
  const base = deps.publicUrl;

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /settings/',
          'Disallow: /messages/',
          'Disallow: /reports-and-violations/',
          'Disallow: /resource/',
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  // Sitemaps may lag a moment: they read from the request's reader (the read replica when there is one, decision 068).
  app.get('/sitemap.xml', async (req, reply) => {
    const parts: string[] = [`${base}/sitemaps/ideas.xml`];
    for (const kind of KINDS) {
      for (const start of await sitemapRepo.pageStarts(req.reader ?? deps.db, kind, deps.urlsPerFile)) parts.push(`${base}/sitemaps/${kind}-${start}.xml`);
    }
    const body = `${XML_HEAD}<sitemapindex ${NS}>\n${parts.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
    return xml(reply).send(body);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (req, reply) => {
    const file = req.params.file;
    if (file === 'ideas.xml') {
      return xml(reply).send(`${XML_HEAD}<urlset ${NS}>\n${IDEA_SLUGS.map((slug) => urlEntry(`${base}/ideas/${slug}/`, null)).join('')}</urlset>\n`);
    }
    const dash = file.indexOf('-');
    const kind = file.slice(0, dash) as SitemapKind;
    const after = file.slice(dash + 1, -'.xml'.length);
    if (dash < 0 || !file.endsWith('.xml') || !KINDS.includes(kind) || !/^\d{1,19}$/.test(after)) throw notFound('sitemap');
    return xml(reply).send(Readable.from(subSitemap(req.reader ?? deps.db, kind, after, deps.urlsPerFile, base)));
  });
}
