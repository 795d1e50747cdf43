import { PinCreationToolPage } from '../features/create/PinCreationToolPage';

/** /pin-creation-tool/ */
export function PinCreationToolRoute() {
  return <PinCreationToolPage />;
}
