import { defineModule } from '../../lib/module';
import { createBulkService } from './bulk.service';
import { registerBulkResources } from './bulk.routes';

/** The bulk module (decision 081). */
export const bulkModule = defineModule({
  name: 'bulk',
  services: (d: Parameters<typeof createBulkService>[0]) => ({ bulk: createBulkService(d) }),
  resources: registerBulkResources,
});
