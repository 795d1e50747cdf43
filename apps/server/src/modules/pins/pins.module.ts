import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import type { ModuleHost, ServicesHost } from '../../services';
import { removeUnusedMedia } from './pin-lifecycle';
import { createPinsService } from './pins.service';
import { registerPinResources, registerPinSpecRoutes } from './pins.routes';
import { createStoryPinsService } from './story-pins.service';

type PinsDeps = Parameters<typeof createPinsService>[0];

/** After a board's purge committed (decision 070): the images only its Pins used go. */
function reactions(host: ServicesHost): void {
  const {
    services: { events },
    infra,
  } = host;
  events.on('board.purged', ({ media }) => removeUnusedMedia(infra.db, infra.media, media));
}

/** The pins module (decision 081): Pins and story Pins; whether the viewer marked a Pin as a favourite is favorites' port. */
export const pinsModule = defineModule({
  name: 'pins',
  services: (d: Omit<PinsDeps, 'favorites'> & { pinFavorites: PinsDeps['favorites'] }) => {
    const { db, media, limits, enqueueTranscode } = d;
    const pins = createPinsService({ ...d, favorites: d.pinFavorites });
    const storyPins = createStoryPinsService({ db, media, limits, createPin: pins.createPin, visiblePin: pins.visiblePin, enqueueTranscode });
    return { pins, storyPins };
  },
  resources: registerPinResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerPinSpecRoutes(app, services),
  reactions,
});
