import { defineModule } from '../../lib/module';
import { createOAuthService } from './oauth.service';

/** The OAuth module (decision 099): apps, consent, codes and tokens for Pinterest's API v5 clients. */
export const oauthModule = defineModule({
  name: 'oauth',
  services: (d: Parameters<typeof createOAuthService>[0]) => ({ oauth: createOAuthService(d) }),
});
