export { createServerPresence, sharedSecret, NO_REDIS_WARNING, LEASE_TTL_MS, HEARTBEAT_MS, type ServerPresence, type ServerPresenceOptions } from './servers.service';
