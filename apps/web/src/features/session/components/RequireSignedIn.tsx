import type { ReactNode } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { Spinner } from '../../../components/Spinner/Spinner';
import { TEXTS } from '../../../lib/texts';
import type { SignedInViewer } from '../session.api';
import { useViewer } from '../session.queries';

export interface RequireSignedInProps {
  /** The page's heading for a signed-out visitor. */
  heading: string;
  /** What the page asks of them; the spec's login subheader unless told. */
  body?: ReactNode;
  /** Where logging in leads back to (`/login/?next=…`); none: the plain log-in page. */
  next?: string;
  /** The page itself, for the signed-in viewer. */
  children: ReactNode | ((viewer: SignedInViewer) => ReactNode);
}

/**
 * The one gate of the pages only signed-in people use: a spinner while the
 * viewer is not known yet, a heading with a "Log in" button for a signed-out
 * visitor, the page for the signed-in viewer.
 */
export function RequireSignedIn({ heading, body = MESSAGES.loginPrompt.subheader, next, children }: RequireSignedInProps) {
  const { data: viewer } = useViewer();
  if (!viewer) return <Spinner />;
  if (!viewer.isAuth) {
    return (
      <EmptyState
        headingLevel={1}
        heading={heading}
        link={{ to: next === undefined ? '/login/' : `/login/?next=${encodeURIComponent(next)}`, label: TEXTS.nav.logIn }}
      >
        {body}
      </EmptyState>
    );
  }
  return typeof children === 'function' ? children(viewer) : children;
}
