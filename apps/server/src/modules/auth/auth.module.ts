import { defineModule } from '../../lib/module';
import type { ServicesHost } from '../../services';
import { createAuthService } from './auth.service';
import { registerAuthResources } from './auth.routes';

/** After a decision removed a person (decision 070): their sessions end. */
function reactions(host: ServicesHost): void {
  const {
    services: { events, auth },
  } = host;
  events.on('account.removed', ({ userId }) => auth.endSessionsOf(userId));
}

/** The auth module (decision 081): sign-up, log-in and sessions. */
export const authModule = defineModule({
  name: 'auth',
  services: (d: Parameters<typeof createAuthService>[0]) => ({ auth: createAuthService(d) }),
  resources: registerAuthResources,
  reactions,
});
