import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { registerSitemapRoutes } from './sitemap.routes';

/** robots.txt and the sitemaps (decision 081). */
export const sitemapModule = defineModule({
  name: 'sitemap',
  routes: (app: FastifyInstance, { infra: { db, config } }: ModuleHost): void =>
    registerSitemapRoutes(app, { db, publicUrl: config.publicUrl, urlsPerFile: config.sitemapUrlsPerFile }),
});
