import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost, ServicesHost } from '../../services';
import { createMessagesService } from './messages.service';
import { registerMessageEventsRoute, registerMessageResources } from './messages.routes';

/** Ended sessions go on the message bus, so the live streams they hold close on every server (decision 070). */
function reactions(host: ServicesHost): void {
  const {
    services: { events, messages },
  } = host;
  events.on('session.ended', ({ tokenHashes }) => messages.bus.endSessions(tokenHashes));
}

/** The bus closes with the app. */
function close(host: ModuleHost): Promise<void> {
  const { services } = host;
  return services.messages.bus.close();
}

/** The messages module (decision 081): conversations and their live event streams. */
export const messagesModule = defineModule({
  name: 'messages',
  services: (d: Parameters<typeof createMessagesService>[0]) => ({ messages: createMessagesService(d) }),
  resources: registerMessageResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerMessageEventsRoute(app, services),
  reactions,
  close,
});
