import { defineModule } from '../../lib/module';
import type { ModuleHost, ServicesHost } from '../../services';
import { createPartnerService } from './partner.service';
import { registerPartnerResources } from './partner.routes';
import { profileExtras, recordPinView } from './profile-extras';
import { profileViews } from './profile-views';

/** During a read (decision 070): a Pin seen counts as a view of its pinner's profile. */
function reactions(host: ServicesHost): void {
  const {
    services: { events },
    infra,
  } = host;
  events.on('pin.viewed', ({ ctx, pinnerId }) => recordPinView(infra.db, ctx, pinnerId));
}

/** The profile views counted in memory are written before the app goes. */
async function close(host: ModuleHost): Promise<void> {
  const { infra, log } = host;
  await profileViews(infra.db)
    .flush()
    .catch((err: unknown) => log.error({ err }, 'writing profile views'));
}

/** The partner module (decision 081): business settings; it gives users the port of a profile's extras. */
export const partnerModule = defineModule({
  name: 'partner',
  ports: () => ({ profileExtras }),
  services: (d: Parameters<typeof createPartnerService>[0]) => ({ partner: createPartnerService(d) }),
  resources: registerPartnerResources,
  reactions,
  close,
});
