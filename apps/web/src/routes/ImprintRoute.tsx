import { ImprintPage } from '../features/entry/ImprintPage';

/** /about/imprint/ */
export function ImprintRoute() {
  return <ImprintPage />;
}
