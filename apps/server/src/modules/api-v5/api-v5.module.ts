import type { Db } from '../../db/client';
import { defineModule } from '../../lib/module';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { ResourceRegistry } from '../../lib/resources';
import { V5_OPENAPI_PATHS } from './api-v5.openapi';
import { registerApiV5Routes } from './api-v5.routes';
import { purgeStaleUploads } from './media-uploads';

/** Pinterest's API v5 (decision 100): bearer tokens of OAuth apps, mapped onto the same services as the web app. */
export const apiV5Module = defineModule({
  name: 'api-v5',
  services: ({ db, media }: { db: Db; media: MediaStore }) => ({ apiV5Uploads: { purgeStale: () => purgeStaleUploads(db, media) } }),
  resources: (registry: ResourceRegistry): void => registry.documentPaths(V5_OPENAPI_PATHS),
  routes: registerApiV5Routes,
});
