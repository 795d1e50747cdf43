import { defineModule } from '../../lib/module';
import { createMfaService } from './mfa.service';
import { registerMfaResources } from './mfa.routes';

/** The mfa module (decision 081). */
export const mfaModule = defineModule({
  name: 'mfa',
  services: (d: Parameters<typeof createMfaService>[0]) => ({ mfa: createMfaService(d) }),
  resources: registerMfaResources,
});
