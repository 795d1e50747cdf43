/**
 * Wires the services together once per app. Routes receive this object; the
 * services receive only what they use.
 */
import type { Config } from './config';
import type { Db } from './db/client';
import type { MediaStore } from './media-pipeline/media-store';
import { createAdsService } from './modules/ads/ads.service';
import { createAuthService } from './modules/auth/auth.service';
import { createBoardsService } from './modules/boards/boards.service';
import { createEventBus } from './events/bus';
import { boardInviteRecords, boardPageCollaboration } from './modules/board-invites';
import { pinFavorites } from './modules/favorites';
import { profileExtras, recordPinView } from './modules/partner';
import { removeUnusedMedia } from './modules/pins';
import { createBoardInvitesService } from './modules/board-invites/board-invites.service';
import { createBoardEmailInvitesService } from './modules/board-email-invites/board-email-invites.service';
import { createFeedsService } from './modules/feeds/feeds.service';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createPinsService } from './modules/pins/pins.service';
import { createStoryPinsService } from './modules/pins/story-pins.service';
import { createSectionsService } from './modules/sections/sections.service';
import { createBulkService } from './modules/bulk/bulk.service';
import { createPickerService } from './modules/picker/picker.service';
import { createPinBuilder } from './modules/pin-builder/pin-builder.service';
import { createImagePreviews } from './modules/pin-builder/image-previews';
import { createSearchService } from './modules/search/search.service';
import { createFollowsService } from './modules/follows/follows.service';
import { createBlocksService } from './modules/blocks/blocks.service';
import { createReportsService } from './modules/reports/reports.service';
import { createCommentsService } from './modules/comments/comments.service';
import { createUsersService } from './modules/users/users.service';
import { createMessagesService } from './modules/messages/messages.service';
import { createPartnerService } from './modules/partner/partner.service';
import { createTriedService } from './modules/tried/tried.service';
import { createClustersService } from './modules/clusters/clusters.service';
import { createCollagesService } from './modules/collages/collages.service';
import { createPinHidesService } from './modules/pin-hides/pin-hides.service';
import { createExperiencesService } from './modules/experiences/experiences.service';
import { createEntryService, visitorTraits } from './modules/entry';
import type { FastifyRequest } from 'fastify';
import { createMfaService } from './modules/mfa/mfa.service';
import { createBusinessAccessService } from './modules/business-access/business-access.service';
import { createTopicsService } from './modules/topics/topics.service';
import { createTodayService } from './modules/today/today.service';
import { createPincodesService } from './modules/pincodes/pincodes.service';
import { createEmailVerificationService } from './modules/email-verification/email-verification.service';
import pino from 'pino';
import { createJobQueue, type AppJobQueue } from './jobs';
import type { TranscodeJob } from './modules/pins';
import { createMailer, QueuedMailer, type Mailer } from './mail';
import type { RateLimiter } from './rate-limit';
import { createActionLimits } from './rate-limit/limits';
import type { MessageBus } from './modules/messages/messages.bus';
import type { Readiness } from './modules/health/readiness';

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

export function createServices(infra: Infrastructure) {
  // The limits of every costly action (rate-limit/limits.ts, decision 025).
  const limits = createActionLimits(infra.limiter, infra.config.actionLimits);
  // Modules announce what they did on the domain-event bus; the reactions are subscribed below (decision 070).
  const events = createEventBus();
  const ads = createAdsService(infra);
  const boards = createBoardsService({ ...infra, adAccounts: ads.boardHooks, collaboration: boardPageCollaboration(infra.db), events });
  const sections = createSectionsService({ ...infra, boards });
  const pinBuilder = createPinBuilder({ allowPrivateAddresses: infra.config.fetchAllowPrivateAddresses });
  const jobs = infra.jobs ?? createJobQueue({ db: infra.db, config: infra.config, log: pino({ level: infra.config.logLevel, name: 'jobs' }) });
  const enqueueTranscode = (tx: Db, job: TranscodeJob) => jobs.send('transcode', job, { tx });
  const pins = createPinsService({ ...infra, boards, sections, pinBuilder, limits, enqueueTranscode, favorites: pinFavorites(infra.db), events });
  const storyPins = createStoryPinsService({ ...infra, limits, createPin: pins.createPin, visiblePin: pins.visiblePin, enqueueTranscode });
  // Services' mail goes on the queue (the request answers at once); the queue's workers deliver it through mailTransport.
  const mailTransport = infra.mailer ?? createMailer(infra.config);
  const mailer = new QueuedMailer((message) => jobs.send('mail', message));
  const emailVerification = createEmailVerificationService({ ...infra, mailer, limits });
  const boardEmailInvites = createBoardEmailInvitesService({ ...infra, mailer, boards, limits });
  const messages = createMessagesService({ ...infra, limits });
  const mfa = createMfaService(infra);
  const auth = createAuthService({ ...infra, emailVerification, mfa, events });
  const reports = createReportsService({ ...infra, mailer, events });
  const users = createUsersService({ ...infra, profileExtras });

  // The reactions, each in the order it ran as a direct call (decision 070). In the write's transaction:
  events.on('board.privacyChanged', async ({ tx, boardId, from, to }) => {
    // Made secret, its Pins are no longer public: the campaigns promoting them stop.
    if (to === 'secret' && (from === 'public' || from === 'protected')) await ads.boardHooks.pauseCampaignsOnBoard(tx, boardId);
  });
  events.on('board.collaboratorInvitesClosed', ({ tx, boardId, ownerId }) => boardInviteRecords.withdrawSent(tx, boardId, { exceptSenderId: ownerId }));
  events.on('board.collaboratorRemoved', ({ tx, boardId, userId }) => boardInviteRecords.withdrawSent(tx, boardId, { senderId: userId }));
  // After the write committed:
  events.on('board.purged', ({ media }) => removeUnusedMedia(infra.db, infra.media, media));
  events.on('account.removed', ({ userId }) => auth.endSessionsOf(userId));
  // Ended sessions go on the message bus, so the live streams they hold close on every server.
  events.on('session.ended', ({ tokenHashes }) => messages.bus.endSessions(tokenHashes));
  // During a read:
  events.on('pin.viewed', ({ ctx, pinnerId }) => recordPinView(infra.db, ctx, pinnerId));

  return {
    events,
    jobs,
    mailTransport,
    enqueueTranscode,
    limits,
    auth,
    emailVerification,
    users,
    boards,
    boardInvites: createBoardInvitesService({ ...infra, boards, emailInvites: boardEmailInvites }),
    boardEmailInvites,
    sections,
    pins,
    storyPins,
    pinBuilder,
    imagePreviews: createImagePreviews({ pinBuilder, limits }),
    feeds: createFeedsService({ ...infra, boards, sections, ads }),
    ads,
    favorites: createFavoritesService(infra),
    bulk: createBulkService({ ...infra, boards, sections }),
    picker: createPickerService({ ...infra, pins, ads }),
    search: createSearchService(infra),
    follows: createFollowsService(infra),
    blocks: createBlocksService(infra),
    reports,
    comments: createCommentsService({ ...infra, reports }),
    messages,
    partner: createPartnerService(infra),
    tried: createTriedService(infra),
    clusters: createClustersService({ ...infra, boards }),
    collages: createCollagesService({ ...infra, createPin: pins.createPin, limits }),
    pinHides: createPinHidesService(infra),
    experiences: createExperiencesService(infra),
    entry: createEntryService({ db: infra.db, trackingIdSecret: infra.config.trackingIdSecret }),
    /** Where the imprint link leads (IMPRINT_URL; the site's own /about/imprint/ page by default). */
    imprintUrl: infra.config.imprintUrl,
    /** Bot or person, site and country of a request (decision 041). */
    visitor: (req: FastifyRequest, accountCountry: string | null) => visitorTraits(req, { accountCountry, geoHeader: infra.config.geoCountryHeader }),
    mfa,
    businessAccess: createBusinessAccessService({ ...infra, mfa }),
    topics: createTopicsService(infra),
    today: createTodayService(infra),
    pincodes: createPincodesService({ users, boards, media: infra.media, limits, publicUrl: infra.config.publicUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;
