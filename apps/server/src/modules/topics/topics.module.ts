import { defineModule } from '../../lib/module';
import { createTopicsService } from './topics.service';
import { registerTopicResources } from './topics.routes';

/** The topics module (decision 081). */
export const topicsModule = defineModule({
  name: 'topics',
  services: (d: Parameters<typeof createTopicsService>[0]) => ({ topics: createTopicsService(d) }),
  resources: registerTopicResources,
  // Each server's related-Pins graph stops listening and is let go (decision 091).
  close: (host: { services: { topics: { relatedGraph: { close(): Promise<void> } } } }) => host.services.topics.relatedGraph.close(),
});
