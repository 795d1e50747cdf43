import { PinCreateUploadedPage } from '../features/create/PinCreateUploadedPage';

/** /pin/create/{method}/ */
export function PinCreateUploadedRoute() {
  return <PinCreateUploadedPage />;
}
