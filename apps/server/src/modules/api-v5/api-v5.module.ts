import { defineModule } from '../../lib/module';
import type { ResourceRegistry } from '../../lib/resources';
import { V5_OPENAPI_PATHS } from './api-v5.openapi';
import { registerApiV5Routes } from './api-v5.routes';

/** Pinterest's API v5 (decision 100): bearer tokens of OAuth apps, mapped onto the same services as the web app. */
export const apiV5Module = defineModule({
  name: 'api-v5',
  resources: (registry: ResourceRegistry): void => registry.documentPaths(V5_OPENAPI_PATHS),
  routes: registerApiV5Routes,
});
