/**
 * buildApp(infra): registers the plugins, then the modules. Never listens;
 * main.ts does, and tests use inject.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { ResourceRegistry } from './lib/resources';
import { registerAuthResources } from './modules/auth/auth.routes';
import { registerBoardResources } from './modules/boards/boards.routes';
import { registerBoardEmailInviteResources } from './modules/board-email-invites/board-email-invites.routes';
import { registerBoardInviteResources } from './modules/board-invites/board-invites.routes';
import { registerFeedResources, registerFeedSpecRoutes } from './modules/feeds/feeds.routes';
import { registerFavoriteResources } from './modules/favorites/favorites.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { registerPinResources, registerPinSpecRoutes } from './modules/pins/pins.routes';
import { registerSectionResources } from './modules/sections/sections.routes';
import { registerBulkResources } from './modules/bulk/bulk.routes';
import { registerPickerResources } from './modules/picker/picker.routes';
import { registerSearchResources } from './modules/search/search.routes';
import { registerFollowResources, registerInviteSpecRoutes } from './modules/follows/follows.routes';
import { registerBlockResources } from './modules/blocks/blocks.routes';
import { registerReportResources, registerTakedownSpecRoutes } from './modules/reports/reports.routes';
import { registerUserResources } from './modules/users/users.routes';
import { registerMessageEventsRoute, registerMessageResources } from './modules/messages/messages.routes';
import { registerPinBuilderRoutes } from './modules/pin-builder/pin-builder.routes';
import { registerPartnerResources } from './modules/partner/partner.routes';
import { registerTriedResources } from './modules/tried/tried.routes';
import { registerClusterResources, registerClusterSpecRoutes } from './modules/clusters/clusters.routes';
import { registerCollageResources, registerCollageSpecRoutes } from './modules/collages/collages.routes';
import { registerPinHideResources } from './modules/pin-hides/pin-hides.routes';
import { registerExperienceResources } from './modules/experiences/experiences.routes';
import { registerEmailVerificationSpecRoutes } from './modules/email-verification/email-verification.routes';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { MULTIPART_LIMITS, resourceDispatcherPlugin } from './plugins/resource-dispatcher';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { webAppPlugin } from './plugins/web-app';
import { createServices, type Infrastructure } from './services';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(infra: Infrastructure, opts: BuildOptions = {}) {
  const { config } = infra;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One JSON line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const services = createServices(infra);
  const registry = new ResourceRegistry();
  registerAuthResources(registry, services);
  registerUserResources(registry, services);
  registerBoardResources(registry, services);
  registerBoardInviteResources(registry, services);
  registerBoardEmailInviteResources(registry, services);
  registerSectionResources(registry, services);
  registerPinResources(registry, services);
  registerFeedResources(registry, services);
  registerFavoriteResources(registry, services);
  registerBulkResources(registry, services);
  registerPickerResources(registry, services);
  registerSearchResources(registry, services);
  registerFollowResources(registry, services);
  registerBlockResources(registry, services);
  registerReportResources(registry, services);
  registerMessageResources(registry, services);
  registerPartnerResources(registry, services);
  registerTriedResources(registry, services);
  registerClusterResources(registry, services);
  registerCollageResources(registry, services);
  registerPinHideResources(registry, services);
  registerExperienceResources(registry, services);

  // Plugins that apply to every route are registered without encapsulation.
  await errorHandlerPlugin(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  await securityHeadersPlugin(app);
  await csrfPlugin(app);
  await sessionPlugin(app, { services, ttlDays: config.sessionTtlDays });

  await healthRoutes(app, infra);
  await mediaRoutes(app, infra);
  await resourceDispatcherPlugin(app, { registry });
  registerPinSpecRoutes(app, services);
  registerFeedSpecRoutes(app, services);
  registerInviteSpecRoutes(app, services);
  registerTakedownSpecRoutes(app, services);
  registerMessageEventsRoute(app, services);
  registerPinBuilderRoutes(app, services);
  registerClusterSpecRoutes(app, services);
  registerCollageSpecRoutes(app, services);
  registerEmailVerificationSpecRoutes(app, services);
  await openApiPlugin(app, { registry });
  await webAppPlugin(app, { distDir: config.webDistDir, services, publicUrl: config.publicUrl });

  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url, status: reply.statusCode, ms: +reply.elapsedTime.toFixed(1), user: req.viewer?.id },
      'request',
    );
  });
  app.addHook('onClose', async () => {
    await services.messages.bus.close();
    await infra.limiter.close();
  });
  return { app, services, registry };
}
