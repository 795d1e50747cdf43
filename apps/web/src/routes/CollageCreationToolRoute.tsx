import { CollageCreationToolPage } from '../features/collages/CollageCreationToolPage';

/** /collage-creation-tool/ */
export function CollageCreationToolRoute() {
  return <CollageCreationToolPage />;
}
