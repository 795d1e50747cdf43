/**
 * Wires the services together once per app. Routes receive this object; the
 * services receive only what they use.
 */
import type { Config } from './config';
import type { Db } from './db/client';
import type { MediaStore } from './media/media-store';
import { createAuthService } from './modules/auth/auth.service';
import { createBoardsService } from './modules/boards/boards.service';
import { createFeedsService } from './modules/feeds/feeds.service';
import { createPinsService } from './modules/pins/pins.service';
import { createSectionsService } from './modules/sections/sections.service';
import { createBulkService } from './modules/bulk/bulk.service';
import { createPickerService } from './modules/picker/picker.service';
import { createPinBuilder } from './modules/pin-builder/pin-builder.service';
import { createSearchService } from './modules/search/search.service';
import { createFollowsService } from './modules/follows/follows.service';
import { createBlocksService } from './modules/blocks/blocks.service';
import { createReportsService } from './modules/reports/reports.service';
import { createUsersService } from './modules/users/users.service';
import { createMessagesService } from './modules/messages/messages.service';
import type { RateLimiter } from './rate-limit';

export interface Infrastructure {
  config: Config;
  db: Db;
  media: MediaStore;
  limiter: RateLimiter;
}

export function createServices(infra: Infrastructure) {
  const boards = createBoardsService(infra);
  const sections = createSectionsService({ ...infra, boards });
  const pinBuilder = createPinBuilder({ allowPrivateAddresses: infra.config.fetchAllowPrivateAddresses });
  const pins = createPinsService({ ...infra, boards, sections, pinBuilder });
  return {
    auth: createAuthService(infra),
    users: createUsersService(infra),
    boards,
    sections,
    pins,
    pinBuilder,
    feeds: createFeedsService({ ...infra, boards, sections }),
    bulk: createBulkService({ ...infra, boards, sections }),
    picker: createPickerService({ ...infra, pins }),
    search: createSearchService(infra),
    follows: createFollowsService(infra),
    blocks: createBlocksService(infra),
    reports: createReportsService(infra),
    messages: createMessagesService(infra),
  };
}

export type Services = ReturnType<typeof createServices>;
