import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createEntryService } from './entry.service';
import { registerEntryResources, registerEntrySpecRoutes } from './entry.routes';
import { visitorTraits } from './entry.visitor';

/** The entry module (decision 081): how people arrive, and what a request says of its visitor. */
export const entryModule = defineModule({
  name: 'entry',
  services: ({ db, config }: { db: Db; config: { trackingIdSecret: string; imprintUrl: string; geoCountryHeader: string | null } }) => ({
    entry: createEntryService({ db, trackingIdSecret: config.trackingIdSecret }),
    /** Where the imprint link leads (IMPRINT_URL; the site's own /about/imprint/ page by default). */
    imprintUrl: config.imprintUrl,
    /** Bot or person, site and country of a request (decision 041). */
    visitor: (req: FastifyRequest, accountCountry: string | null) => visitorTraits(req, { accountCountry, geoHeader: config.geoCountryHeader }),
  }),
  resources: registerEntryResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerEntrySpecRoutes(app, services),
});
