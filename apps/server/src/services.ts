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
import { createUsersService } from './modules/users/users.service';
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
  return {
    auth: createAuthService(infra),
    users: createUsersService(infra),
    boards,
    sections,
    pins: createPinsService({ ...infra, boards, sections }),
    feeds: createFeedsService({ ...infra, boards, sections }),
  };
}

export type Services = ReturnType<typeof createServices>;
