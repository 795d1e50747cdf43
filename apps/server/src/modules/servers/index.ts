export { createServerPresence, sharedSecret, NO_REDIS_WARNING } from './servers.service';
