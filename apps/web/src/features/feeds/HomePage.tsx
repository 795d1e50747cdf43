import { lazy, Suspense } from 'react';
import { EmailVerificationBanner } from '../email-verification/EmailVerificationBanner';
import { PinFeed } from './components/PinFeed';
import { useShowErrorToast } from './useShowErrorToast';
import { useViewer } from '../session/session.queries';
import { TEXTS } from '../../lib/texts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const HOME = { kind: 'home' } as const;
const EmptyHomeFeed = lazy(async () => ({ default: (await import('./EmptyHomeFeed')).EmptyHomeFeed }));

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
          <Suspense fallback={null}>
            <EmptyHomeFeed signedIn={signedIn} />
          </Suspense>
        }
      />
    </>
  );
}
