import { MESSAGES } from '../lib/messages';
import { EntryStatisticsPage } from '../features/entry/EntryStatisticsPage';
import { RequireSignedIn } from '../features/session/components/RequireSignedIn';

/** /admin/entry/ (staff): sign-ups by entry channel per week. Its own chunk. */
export function AdminEntryRoute() {
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.continue} next="/admin/entry/">
      <EntryStatisticsPage />
    </RequireSignedIn>
  );
}
