import { SignupPage } from '../features/session/SignupPage';

/** /signup/ */
export function SignupRoute() {
  return <SignupPage />;
}
