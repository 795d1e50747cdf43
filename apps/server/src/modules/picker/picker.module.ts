import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createPickerService } from './picker.service';
import { registerPickerResources, registerPickerSpecRoutes } from './picker.routes';
import type { ModuleHost } from '../../services';

/** The picker module (decision 081). */
export const pickerModule = defineModule({
  name: 'picker',
  services: (d: Parameters<typeof createPickerService>[0]) => ({ picker: createPickerService(d) }),
  resources: registerPickerResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerPickerSpecRoutes(app, services),
});
