import { defineModule } from '../../lib/module';
import { createSearchService } from './search.service';
import { registerSearchResources } from './search.routes';

/** The search module (decision 081). */
export const searchModule = defineModule({
  name: 'search',
  services: (d: Parameters<typeof createSearchService>[0]) => ({ search: createSearchService(d) }),
  resources: registerSearchResources,
});
