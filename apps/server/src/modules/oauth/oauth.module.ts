import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost } from '../../services';
import { createOAuthService } from './oauth.service';
import { registerOAuthResources, registerOAuthRoutes } from './oauth.routes';

/** The OAuth module (decision 099): apps, consent, codes and tokens for Pinterest's API v5 clients. */
export const oauthModule = defineModule({
  name: 'oauth',
  services: (d: Parameters<typeof createOAuthService>[0]) => ({ oauth: createOAuthService(d) }),
  resources: registerOAuthResources,
  routes: async (app: FastifyInstance, { services }: ModuleHost): Promise<void> => {
    await registerOAuthRoutes(app, services);
  },
});
