/**
 * buildApp(infra): registers the plugins, then the modules. Never listens;
 * main.ts does, and tests use inject.
 */
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { ResourceRegistry } from './lib/resources';
import { asyncStdout } from './plugins/log-destination';
import { createJobQueue } from './jobs';
import { findVideoTools } from './media-pipeline/ffmpeg';
import { createReadiness } from './modules/health/readiness';
import { sharedSecret } from './modules/servers';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { logSerializers, redactUrl } from './plugins/log-redaction';
import { openApiPlugin } from './plugins/openapi';
import { MULTIPART_LIMITS, resourceDispatcherPlugin, type AnswerCheck } from './plugins/resource-dispatcher';
import { BeforeFramework } from './plugins/before-framework';
import { privateAnswersPlugin } from './plugins/private-answers';
import { securityHeadersPlugin } from './plugins/security-headers';
import { publicReadCachePlugin } from './plugins/public-read-cache';
import { publicReadFastPath } from './plugins/public-read-fast-path';
import { readRoutingPlugin } from './plugins/read-routing';
import { openReadReplica } from './db/read-replica';
import { sessionPlugin } from './plugins/session';
import { trustProxyOption, trustsPeer } from './plugins/trust-proxy';
import { REQUEST_ID_HEADER, requestIdOf, runWithRequestId } from './lib/request-id';
import { unreadBodyPlugin } from './plugins/unread-body';
import { webAppPlugin } from './plugins/web-app';
import { shareTargetFallback } from './plugins/share-target';
import { sessionViewerAnswer } from './modules/auth/session-viewer';
import { APP_MODULES, createServices, type Infrastructure, type ModuleHost } from './services';
import { envelopeKindOf, failureBody } from './lib/envelope';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { enableMetrics, observeRequest, UNMATCHED } from './metrics';
import { countingOperations } from './media-pipeline/open-media-store';
import { countingRefusals } from './rate-limit';

/** Log levels at which a request's line is written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** 'strict' in tests: every resource answer is parsed with its contract output schema (decision 073). Off unless given. */
  answerCheck?: AnswerCheck;
}

export async function buildApp(given: Infrastructure, opts: BuildOptions = {}) {
  // Prometheus metrics when METRICS_PORT names a port (decision 104); off, nothing is wrapped and nothing counted.
  const metrics = given.config.metricsPort ? enableMetrics() : null;
  const counted = metrics ? { ...given, media: countingOperations(given.media), limiter: countingRefusals(given.limiter) } : given;
  // Secrets every server must share come from the database unless they are set (decision 054).
  const infra: Infrastructure = counted.config.trackingIdSecret
    ? counted
    : { ...counted, config: { ...counted.config, trackingIdSecret: await sharedSecret(counted.db, 'tracking_id') } };
  const { config } = infra;
  const readiness = infra.readiness ?? createReadiness();
  // Each request's id: a trusted proxy's well-formed X-Request-Id, else a new UUID (lib/request-id.ts, decision 102).
  const peerTrusted = trustsPeer(config.trustProxy);
  const requestId = (req: IncomingMessage) => requestIdOf(req, peerTrusted);
  const beforeFramework = new BeforeFramework(requestId);
  const app = Fastify({
    serverFactory: beforeFramework.serverFactory(),
    // Every logger gets the serializers that keep secrets in addresses out of the logs.
    // Standard output is written asynchronously, many lines to one write under load (decision 062).
    logger:
      opts.logger === false
        ? false
        : { ...(typeof opts.logger === 'object' ? opts.logger : { level: config.logLevel, stream: asyncStdout() }), serializers: logSerializers },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // An address the router cannot read (a malformed percent-escape) is a 400 in our envelope, not Fastify's own.
    frameworkErrors: (_err, req, reply) => {
      const body = failureBody(envelopeKindOf(req.url), { httpStatus: 400, code: ERROR_CODES.INVALID_INPUT.code, message: 'That address could not be read.' });
      type Reply = { header(k: string, v: string): { code(n: number): { send(b: unknown): void } } };
      void (reply as unknown as Reply).header(REQUEST_ID_HEADER, req.id).code(400).send(body);
    },
    // One JSON line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // The job queue (decision 053): transcodes, mail, housekeeping; its workers start when the app is ready.
  const jobs = infra.jobs ?? createJobQueue({ db: infra.db, config, log: app.log });
  const services = createServices({ ...infra, jobs });
  const registry = new ResourceRegistry();
  // Each module's resources, from its manifest (modules/manifests.ts, decision 081); the registry keeps them by name.
  for (const m of APP_MODULES) m.resources?.(registry, services);

  // Every answer names its request's id; jobs enqueued by the handler carry it (entered in preHandler, right
  // before the handler, so that it holds however the body was read: body parsing runs on the socket's events).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  app.addHook('preHandler', (req, _reply, done) => runWithRequestId(req.id, done));
  // Plugins that apply to every route are registered without encapsulation.
  await errorHandlerPlugin(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  await securityHeadersPlugin(app, { publicUrl: config.publicUrl, hstsMaxAgeSeconds: config.hstsMaxAgeSeconds, mediaPublicUrl: config.mediaPublicUrl });
  await unreadBodyPlugin(app);
  await privateAnswersPlugin(app);
  await csrfPlugin(app);
  await sessionPlugin(app, { services, db: infra.db, ttlDays: config.sessionTtlDays });
  const publicHttps = config.publicUrl.startsWith('https:');
  const publicReads = await publicReadCachePlugin(app, { db: infra.db, publicHttps });
  // Kept signed-out JSON reads skip the framework altogether (public-read-fast-path.ts).
  beforeFramework.add(
    publicReadFastPath({
      cache: publicReads,
      publicHttps,
      mediaPublicUrl: config.mediaPublicUrl,
      parseCookie: (header) => app.parseCookie(header),
      serializeCookie: (name, value, options) => app.serializeCookie(name, value, options),
      redactUrl,
      logRequest: (url, status, ms, reqId) => {
        if (metrics) observeRequest(fastPathRoute(url, registry), 'GET', status, ms / 1000);
        if (WRITES_INFO.has(app.log.level)) app.log.info({ reqId, method: 'GET', url, status, ms: +ms.toFixed(1) }, 'request');
      },
    }),
  );
  // Reads that may lag a moment go to the read replica when DATABASE_READ_URL names one (decision 068); its
  // change notices are still heard on the primary (the caches above listen through infra.db).
  const replica = config.databaseReadUrl
    ? openReadReplica(infra.db, config.databaseReadUrl, {
        max: config.databasePoolSize,
        prepare: config.databasePreparedStatements,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
        warn: (m) => app.log.warn(m),
        info: (m) => app.log.info(m),
      })
    : infra.db;
  if (replica !== infra.db) app.addHook('onClose', () => replica.close());
  await readRoutingPlugin(app, {
    primary: infra.db,
    replica,
    stickyMs: config.readReplicaStickyMs,
    secret: replica === infra.db ? '' : await sharedSecret(infra.db, 'read_routing'),
  });

  const host: ModuleHost = { services, infra, readiness, beforeFramework, log: app.log };
  // Routes whose hooks come before the dispatcher's (the probes, media), then the dispatcher, then the modules' plain routes.
  for (const m of APP_MODULES) await m.edgeRoutes?.(app, host);
  await resourceDispatcherPlugin(app, { registry, answerCheck: opts.answerCheck ?? 'off', actAs: services.businessAccess.actAs });
  for (const m of APP_MODULES) await m.routes?.(app, host);
  await openApiPlugin(app, { registry });
  await shareTargetFallback(app);
  await webAppPlugin(app, {
    distDir: config.webDistDir,
    services,
    publicUrl: config.publicUrl,
    viewerAnswer: (ctx, req) => sessionViewerAnswer(services, ctx, req),
  });

  // After every other onSend hook: what a kept read's answer was when it left.
  publicReads.keepWireAnswers();
  // A callback hook, not an async one: no promise per request for a line (decision 062).
  app.addHook('onResponse', (req, reply, done) => {
    if (metrics) observeRequest(routeOf(req, registry), req.method, reply.statusCode, reply.elapsedTime / 1000);
    // The address is redacted only for a line that is written (LOG_LEVEL above info writes none).
    if (WRITES_INFO.has(req.log.level)) {
      req.log.info(
        { method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: +reply.elapsedTime.toFixed(1), user: req.viewer?.id },
        'request',
      );
    }
    done();
  });
  app.addHook('onReady', () =>
    jobs.start({ config, db: infra.db, media: infra.media, services, mailTransport: services.mailTransport, videoTools: findVideoTools(), log: app.log }),
  );
  // Without main.ts's readiness (tests), the app is ready once Fastify is.
  if (!infra.readiness) app.addHook('onReady', async () => readiness.ready());
  app.addHook('onClose', async () => {
    // Jobs running here go back to the queue at once, for another server (or the next start) to take.
    await jobs.stop();
    // The modules' close hooks, the last built first (decision 081): partner writes its profile views, messages closes its bus.
    for (const m of [...APP_MODULES].reverse()) await m.close?.(host);
    await infra.limiter.close();
    metrics?.off();
  });
  metrics?.watch({ pool: infra.db.poolStats, jobs: () => jobs.counts() });
  /** `jobs.stop()` hands this server's running jobs back to the queue; app.close() calls it, and a shutdown may call it first. */
  return { app, services, registry, beforeFramework, jobs, metrics };
}

const RESOURCE_ROUTE = '/resource/:name/:action/';

/**
 * A request's route for the metrics: Fastify's route pattern, a resource's by its name and action when the
 * registry knows them; no route (a 404), one label. Never anything the address names besides these.
 */
function routeOf(req: FastifyRequest, registry: ResourceRegistry): string {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return UNMATCHED;
  if (pattern !== RESOURCE_ROUTE) return pattern;
  const { name, action } = req.params as { name: string; action: string };
  return resourceRoute(registry, name, action);
}

/** Each registry's known resources' route labels by name and action, made once each (only what the registry knows is kept). */
const resourceRoutes = new WeakMap<ResourceRegistry, Map<string, Map<string, string>>>();

function resourceRoute(registry: ResourceRegistry, name: string, action: string): string {
  let byName = resourceRoutes.get(registry);
  if (!byName) resourceRoutes.set(registry, (byName = new Map()));
  const known = byName.get(name)?.get(action);
  if (known) return known;
  if (!Object.hasOwn(registry.get(name)?.actions ?? {}, action)) return `/resource/${UNMATCHED}/`;
  const route = `/resource/${name}/${action}/`;
  let byAction = byName.get(name);
  if (!byAction) byName.set(name, (byAction = new Map()));
  byAction.set(action, route);
  return route;
}

/** The route of a kept read answered before the framework (a resource's get, or the v3 Pin reads). */
function fastPathRoute(url: string, registry: ResourceRegistry): string {
  const resource = /^\/resource\/([^/?]+)\/([^/?]+)\//.exec(url);
  if (resource) return resourceRoute(registry, resource[1]!, resource[2]!);
  if (url.startsWith('/v3/pins/already_saved/')) return '/v3/pins/already_saved/';
  return /^\/v3\/pins\/[^/?]+\/same_image\//.test(url) ? '/v3/pins/:id/same_image/' : '/v3/pins/:id/';
}
