import { useParams } from 'react-router';
import { SettingsArea } from '../features/settings/SettingsPage';

/** /settings/ and /settings/{page}/ */
export function SettingsRoute() {
  const { page = 'edit-profile' } = useParams();
  return <SettingsArea page={page} />;
}
