import { ButtonLink } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { TEXTS } from '../../lib/allTexts';

/**
 * An empty home feed: a person with nothing to see yet is offered to make a Pin or to bring theirs from
 * Pinterest (decision 094); a visitor to sign up. Loaded only when the feed is empty, so that the first
 * paint of every page (a profile's, a full home feed's) carries none of it.
 */
export function EmptyHomeFeed({ signedIn }: { signedIn: boolean }) {
  return (
    <EmptyState
      action={
        signedIn ? (
          <>
            <ButtonLink to="/pin-creation-tool/" variant="primary" size="large">
              {TEXTS.feed.createPin}
            </ButtonLink>
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
  );
}
