import { defineModule } from '../../lib/module';
import { createTodayService } from './today.service';
import { registerTodayResources } from './today.routes';

/** The today module (decision 081). */
export const todayModule = defineModule({
  name: 'today',
  services: (d: Parameters<typeof createTodayService>[0]) => ({ today: createTodayService(d) }),
  resources: registerTodayResources,
});
