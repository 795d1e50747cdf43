import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module';
import { createAdsService } from './ads.service';
import { registerAdsResources, registerAdsSpecRoutes } from './ads.routes';
import type { ModuleHost, ServicesHost } from '../../services';

/** In the write's transaction (decision 070): made secret, its Pins are no longer public, so the campaigns promoting them stop. */
function reactions({ services }: ServicesHost): void {
  services.events.on('board.privacyChanged', async ({ tx, boardId, from, to }) => {
    if (to !== 'secret' || (from !== 'public' && from !== 'protected')) return;
    const paused = await services.ads.boardHooks.pauseCampaignsOnBoard(tx, boardId);
    // Their owners hear of it (decision 086); the boards' write has not committed yet, so this is told in its transaction.
    if (paused.length > 0) await services.events.emit('campaign.statusChanged', { campaigns: paused, status: 'paused' });
  });
}

/** The ads module (decision 081); its service is also handed to boards, feeds and the picker. */
export const adsModule = defineModule({
  name: 'ads',
  services: (d: Parameters<typeof createAdsService>[0]) => ({ ads: createAdsService(d) }),
  resources: registerAdsResources,
  routes: (app: FastifyInstance, { services }: ModuleHost): void => registerAdsSpecRoutes(app, services),
  reactions,
});
