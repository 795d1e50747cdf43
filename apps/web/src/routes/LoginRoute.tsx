import { LoginPage } from '../features/session/LoginPage';

/** /login/ */
export function LoginRoute() {
  return <LoginPage />;
}
