import { IdeaPinBuilderPage } from '../features/create/IdeaPinBuilderPage';

/** /idea-pin-builder/ */
export function IdeaPinBuilderRoute() {
  return <IdeaPinBuilderPage />;
}
