import { defineModule } from '../../lib/module';
import { createExperiencesService } from './experiences.service';
import { registerExperienceResources } from './experiences.routes';

/** The experiences module (decision 081). */
export const experiencesModule = defineModule({
  name: 'experiences',
  services: (d: Parameters<typeof createExperiencesService>[0]) => ({ experiences: createExperiencesService(d) }),
  resources: registerExperienceResources,
});
