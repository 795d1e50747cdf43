import { PinEditPage } from '../features/create/PinEditPage';

/** /pin/{id}/edit/ */
export function PinEditRoute() {
  return <PinEditPage />;
}
