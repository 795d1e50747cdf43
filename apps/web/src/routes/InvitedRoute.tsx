import { InvitedPage } from '../features/social/InvitedPage';

/** /invited/ */
export function InvitedRoute() {
  return <InvitedPage />;
}
