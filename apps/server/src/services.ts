/**
 * Wires the services together once per app. Routes receive this object; the
 * services receive only what they use. Each module's manifest says what it
 * builds and needs (modules/manifests.ts, decision 081); here come the shared
 * tools, the module services in the list's order, and their reactions.
 */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config';
import type { Db } from './db/client';
import { createEventBus, type EventBus } from './events/bus';
import { createJobQueue, type AppJobQueue } from './jobs';
import { composeServices, type ModuleManifest, type ProvidesOf } from './lib/module';
import { createMailer, QueuedMailer, type Mailer } from './mail';
import type { MediaStore } from './media-pipeline/media-store';
import type { Readiness } from './modules/health/readiness';
import { MODULES } from './modules/manifests';
import type { MessageBus } from './modules/messages/messages.bus';
import type { TranscodeJob } from './modules/pins';
import type { BeforeFramework } from './plugins/before-framework';
import type { RateLimiter } from './rate-limit';
import { createActionLimits, type ActionLimits } from './rate-limit/limits';

export interface Infrastructure {
  config: Config;
  db: Db;
  media: MediaStore;
  limiter: RateLimiter;
  /** Live message delivery; in process unless given (main.ts passes the Redis bus when REDIS_URL is set). */
  bus?: MessageBus;
  /** How mail is delivered; when absent, chosen from the configuration (SMTP_URL, else the outbox folder in DATA_DIR). Services hand mail to the job queue, whose workers deliver it through this. */
  mailer?: Mailer;
  /** /readyz's state (main.ts owns it: starting, ready, draining); when absent, the app is ready once Fastify is. */
  readiness?: Readiness;
  /** The job queue (decision 053); buildApp passes the one it starts, else one is made for enqueueing. */
  jobs?: AppJobQueue;
}

/** What every module may use besides the services of the modules before it. */
interface SharedTools {
  /** Modules announce what they did on the domain-event bus; the reactions are the manifests' (decision 070). */
  events: EventBus;
  jobs: AppJobQueue;
  /** How the queue's workers deliver mail. */
  mailTransport: Mailer;
  /** Queues a video's or GIF's transcode in the transaction that made its Pin (decision 053). */
  enqueueTranscode: (tx: Db, job: TranscodeJob) => Promise<void>;
  /** The limits of every costly action (rate-limit/limits.ts, decision 025). */
  limits: ActionLimits;
}

/** The app's services: the shared tools and every module's, by key (`services.boards`), with their types. */
export interface Services extends SharedTools, ProvidesOf<typeof MODULES> {}

/** What a module's reactions are given. */
export interface ServicesHost {
  services: Services;
  infra: Infrastructure;
}

/** What a module's routes and close hook are given (app.ts). */
export interface ModuleHost extends ServicesHost {
  readiness: Readiness;
  beforeFramework: BeforeFramework;
  log: FastifyBaseLogger;
}

/** Every module, read with the app's types: a manifest whose registration takes anything else fails to compile here. */
export const APP_MODULES: readonly ModuleManifest<Services, ModuleHost, ServicesHost>[] = MODULES;

export function createServices(infra: Infrastructure): Services {
  const jobs = infra.jobs ?? createJobQueue({ db: infra.db, config: infra.config, log: pino({ level: infra.config.logLevel, name: 'jobs' }) });
  const tools: SharedTools = {
    events: createEventBus(),
    jobs,
    // Services' mail goes on the queue (the request answers at once); the queue's workers deliver it through mailTransport.
    mailTransport: infra.mailer ?? createMailer(infra.config),
    enqueueTranscode: (tx, job) => jobs.send('transcode', job, { tx }),
    limits: createActionLimits(infra.limiter, infra.config.actionLimits),
  };
  const mailer = new QueuedMailer((message) => jobs.send('mail', message));
  const services = composeServices(MODULES, { ...infra, mailer }, tools);
  // The reactions, in the list's order (decision 070); each event has one, in the order it ran as a direct call.
  for (const m of APP_MODULES) m.reactions?.({ services, infra });
  return services;
}
