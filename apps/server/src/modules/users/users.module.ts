import { defineModule } from '../../lib/module';
import { createUsersService } from './users.service';
import { registerUserResources } from './users.routes';

/** The users module (decision 081); a profile's extras are partner's port. */
export const usersModule = defineModule({
  name: 'users',
  services: (d: Parameters<typeof createUsersService>[0]) => ({ users: createUsersService(d) }),
  resources: registerUserResources,
});
