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
  return {
    auth: createAuthService(infra),
    users: createUsersService(infra),
    boards,
    pins: createPinsService({ ...infra, boards }),
    feeds: createFeedsService({ ...infra, boards }),
  };
}

export type Services = ReturnType<typeof createServices>;
