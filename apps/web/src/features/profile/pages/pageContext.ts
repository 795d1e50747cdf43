/** What every profile page is given: the profile, who is looking, and where from. */
import type { ProfileDetails } from '../profile.api';
import type { SignedInViewer } from '../../session/session.api';

export interface PageContext {
  profile: ProfileDetails;
  viewer: SignedInViewer | null;
  isOwner: boolean;
  country: string | null;
  locale: string;
  inviteCode: string | null;
}

/** A private profile's content is for its owner and approved followers only. */
export function hiddenFrom(context: PageContext): boolean {
  return !context.isOwner && !context.profile.content_visible;
}
