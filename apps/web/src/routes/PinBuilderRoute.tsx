import { PinBuilderPage } from '../features/create/PinBuilderPage';

/** /pin-builder/ */
export function PinBuilderRoute() {
  return <PinBuilderPage />;
}
