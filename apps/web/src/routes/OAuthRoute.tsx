import { ConsentPage } from '../features/oauth/ConsentPage';
import { DeveloperAppsPage } from '../features/oauth/DeveloperAppsPage';

/** /developers/apps/: one's OAuth apps. */
export function DeveloperAppsRoute() {
  return <DeveloperAppsPage />;
}

/** /oauth/: the consent page an app sends a person to. */
export function OAuthConsentRoute() {
  return <ConsentPage />;
}
