import { ButtonLink } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { EmailVerificationBanner } from '../email-verification/EmailVerificationBanner';
import { PinFeed } from './components/PinFeed';
import { useShowErrorToast } from './useShowErrorToast';
import { useViewer } from '../session/session.queries';
import { TEXTS } from '../../lib/texts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const HOME = { kind: 'home' } as const;

export function HomePage() {
  useDocumentTitle(TEXTS.appName);
  useShowErrorToast();
  const { data: viewer } = useViewer();
  const signedIn = !!viewer?.isAuth;

  return (
    <>
      <h1 className="visually-hidden">{TEXTS.feed.homeHeading}</h1>
      <EmailVerificationBanner />
      <PinFeed
        source={HOME}
        label={TEXTS.feed.homeHeading}
        showBoardNames
        hideable
        empty={
          <EmptyState
            action={
              signedIn ? (
                <>
                  <ButtonLink to="/pin-creation-tool/" variant="primary" size="large">
                    {TEXTS.feed.createPin}
                  </ButtonLink>
                  {/* A new account may bring its Pins from Pinterest (decision 094). */}
                  <ButtonLink to="/settings/import/" size="large">
                    {TEXTS.feed.importOffer}
                  </ButtonLink>
                </>
              ) : (
                <ButtonLink to="/signup/" variant="primary" size="large">
                  {TEXTS.nav.signUp}
                </ButtonLink>
              )
            }
          >
            {signedIn ? TEXTS.feed.emptySignedIn : TEXTS.feed.emptySignedOut}
          </EmptyState>
        }
      />
    </>
  );
}
