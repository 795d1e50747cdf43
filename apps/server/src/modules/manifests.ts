/**
 * Every server module, one line each (decision 081). Their services are built
 * in this order (a module comes after the services it needs; a list out of
 * order does not compile), their reactions subscribed and their routes
 * registered in it, and their close hooks run in its reverse. A folder of
 * `modules/` without its line here fails test/architecture/module-manifests.test.ts.
 */
import { serversModule } from './servers/servers.module';
import { healthModule } from './health/health.module';
import { mediaModule } from './media/media.module';
import { pagesModule } from './pages/pages.module';
import { sitemapModule } from './sitemap/sitemap.module';
import { adsModule } from './ads/ads.module';
import { boardsModule } from './boards/boards.module';
import { sectionsModule } from './sections/sections.module';
import { pinBuilderModule } from './pin-builder/pin-builder.module';
import { pinsModule } from './pins/pins.module';
import { emailVerificationModule } from './email-verification/email-verification.module';
import { boardEmailInvitesModule } from './board-email-invites/board-email-invites.module';
import { messagesModule } from './messages/messages.module';
import { mfaModule } from './mfa/mfa.module';
import { authModule } from './auth/auth.module';
import { reportsModule } from './reports/reports.module';
import { usersModule } from './users/users.module';
import { boardInvitesModule } from './board-invites/board-invites.module';
import { feedsModule } from './feeds/feeds.module';
import { favoritesModule } from './favorites/favorites.module';
import { bulkModule } from './bulk/bulk.module';
import { pickerModule } from './picker/picker.module';
import { searchModule } from './search/search.module';
import { followsModule } from './follows/follows.module';
import { blocksModule } from './blocks/blocks.module';
import { commentsModule } from './comments/comments.module';
import { partnerModule } from './partner/partner.module';
import { triedModule } from './tried/tried.module';
import { clustersModule } from './clusters/clusters.module';
import { collagesModule } from './collages/collages.module';
import { bulkUploadsModule } from './bulk-uploads/bulk-uploads.module';
import { pinHidesModule } from './pin-hides/pin-hides.module';
import { experiencesModule } from './experiences/experiences.module';
import { entryModule } from './entry/entry.module';
import { businessAccessModule } from './business-access/business-access.module';
import { topicsModule } from './topics/topics.module';
import { todayModule } from './today/today.module';
import { pincodesModule } from './pincodes/pincodes.module';
import { pushModule } from './push/push.module';
import { notificationsModule } from './notifications/notifications.module';
import { importsModule } from './imports/imports.module';
import { exportsModule } from './exports/exports.module';
import { oauthModule } from './oauth/oauth.module';
import { apiV5Module } from './api-v5/api-v5.module';
import { adminModule } from './admin/admin.module';

export const MODULES = [
  serversModule,
  adminModule,
  healthModule,
  mediaModule,
  pagesModule,
  sitemapModule,
  adsModule,
  boardsModule,
  sectionsModule,
  pinBuilderModule,
  pinsModule,
  emailVerificationModule,
  boardEmailInvitesModule,
  messagesModule,
  mfaModule,
  authModule,
  reportsModule,
  usersModule,
  boardInvitesModule,
  feedsModule,
  favoritesModule,
  bulkModule,
  pickerModule,
  searchModule,
  followsModule,
  blocksModule,
  commentsModule,
  partnerModule,
  triedModule,
  clustersModule,
  collagesModule,
  bulkUploadsModule,
  pinHidesModule,
  experiencesModule,
  entryModule,
  businessAccessModule,
  topicsModule,
  todayModule,
  pincodesModule,
  pushModule,
  notificationsModule,
  importsModule,
  exportsModule,
  oauthModule,
  apiV5Module,
] as const;
