import { defineModule } from '../../lib/module';
import { createBlocksService } from './blocks.service';
import { registerBlockResources } from './blocks.routes';

/** The blocks module (decision 081). */
export const blocksModule = defineModule({
  name: 'blocks',
  services: (d: Parameters<typeof createBlocksService>[0]) => ({ blocks: createBlocksService(d) }),
  resources: registerBlockResources,
});
