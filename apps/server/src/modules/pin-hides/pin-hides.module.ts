import { defineModule } from '../../lib/module';
import { createPinHidesService } from './pin-hides.service';
import { registerPinHideResources } from './pin-hides.routes';

/** The pin-hides module (decision 081). */
export const pinHidesModule = defineModule({
  name: 'pin-hides',
  services: (d: Parameters<typeof createPinHidesService>[0]) => ({ pinHides: createPinHidesService(d) }),
  resources: registerPinHideResources,
});
