import { useParams } from 'react-router';
import { UserProfilePage } from '../features/profile/pages/ProfilePage';

/** /{username}/ and its tabs and sub-pages */
export function ProfileRoute() {
  const { username = '' } = useParams();
  return <UserProfilePage username={username} />;
}
