import { defineModule } from '../../lib/module';

/** The pages' metadata (decision 081): the web app plugin reads it; nothing to register. */
export const pagesModule = defineModule({ name: 'pages' });
