import { SaveFromPagePage } from '../features/save-anywhere/SaveFromPagePage';

/** /pin/create/bookmarklet/ and /pin/create/share/ */
export function SaveFromPageRoute() {
  return <SaveFromPagePage />;
}
