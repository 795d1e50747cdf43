import { defineModule } from '../../lib/module';
import { createCommentsService } from './comments.service';
import { registerCommentResources } from './comments.routes';

/** The comments module (decision 081). */
export const commentsModule = defineModule({
  name: 'comments',
  services: (d: Parameters<typeof createCommentsService>[0]) => ({ comments: createCommentsService(d) }),
  resources: registerCommentResources,
});
