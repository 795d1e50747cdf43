import { SignupPage } from '../features/session/SignupPage';
import { PickInterests } from '../features/topics/components/PickInterests';

/** /signup/: the account, then the interests step (decision 089). */
export function SignupRoute() {
  return <SignupPage interestsStep={(goOn) => <PickInterests onDone={goOn} />} />;
}
