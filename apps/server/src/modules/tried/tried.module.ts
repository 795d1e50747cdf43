import { defineModule } from '../../lib/module';
import { createTriedService } from './tried.service';
import { registerTriedResources } from './tried.routes';

/** The tried module (decision 081). */
export const triedModule = defineModule({
  name: 'tried',
  services: (d: Parameters<typeof createTriedService>[0]) => ({ tried: createTriedService(d) }),
  resources: registerTriedResources,
});
