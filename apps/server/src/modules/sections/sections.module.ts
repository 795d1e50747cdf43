import { defineModule } from '../../lib/module';
import { createSectionsService } from './sections.service';
import { registerSectionResources } from './sections.routes';

/** The sections module (decision 081). */
export const sectionsModule = defineModule({
  name: 'sections',
  services: (d: Parameters<typeof createSectionsService>[0]) => ({ sections: createSectionsService(d) }),
  resources: registerSectionResources,
});
