/**
 * Serves the built React app: hashed assets with immutable cache headers, and
 * for every other HTML GET the app's index.html with the page's title,
 * description, canonical link and Open Graph tags already in the first HTML.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../lib/app-error';
import type { Services } from '../services';
import { contextOf } from './session';
import { pageMetaFor, renderHead, type PageMeta } from '../modules/pages/page-meta';

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><div id="root"><p style="font:16px system-ui;padding:32px">The web app is not built yet: run <code>npm run build</code>.</p></div></body></html>`;

export async function webAppPlugin(app: FastifyInstance, opts: { distDir: string; services: Services; publicUrl: string }) {
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
    });
  }
  const rootFiles = ['favicon.svg', 'robots.txt'];
  for (const file of rootFiles) {
    const path = join(opts.distDir, file);
    if (!existsSync(path)) continue;
    const body = readFileSync(path);
    app.get(`/${file}`, async (_req, reply) =>
      reply.type(file.endsWith('.svg') ? 'image/svg+xml' : 'text/plain').header('cache-control', 'public, max-age=86400').send(body),
    );
  }

  const wantsHtml = (req: FastifyRequest) => req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

  app.setNotFoundHandler(async (req, reply) => {
    if (!wantsHtml(req)) throw notFound('That address');
    const meta: PageMeta = await pageMetaFor(opts.services, contextOf(req), req.url, opts.publicUrl);
    const html = template.replace('<!--app-head-->', renderHead(meta));
    return reply
      .status(meta.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });
}
