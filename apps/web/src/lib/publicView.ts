/**
 * The public preview of one's own profile (/{username}/_preview/) reads the
 * profile as a signed-out visitor would: its reads of profile content carry
 * `X-View-As: public`, and the server answers them as for nobody signed in.
 * Only those reads: the page's frame (the signed-in header, messages) stays
 * the viewer's own.
 */
export const VIEW_AS_HEADER = 'X-View-As';

/** Reads of what a profile shows: the profile, its boards, sections and Pins. */
const PROFILE_CONTENT_RESOURCES: ReadonlySet<string> = new Set([
  'UserResource',
  'BoardsResource',
  'BoardResource',
  'BoardFeedResource',
  'BoardSectionsResource',
  'BoardSectionResource',
  'UserPinsResource',
  'UserCreatedPinsResource',
  'UserTriedPinsResource',
  'VerifiedMerchantResource',
]);

export function isPublicPreviewPath(pathname: string): boolean {
  return /^\/[^/]+\/_preview(?:\/|$)/.test(pathname);
}

/** Whether a request made while `pathname` is shown is read as a signed-out visitor. */
export function readsAsPublic(url: string, method: string, pathname: string): boolean {
  if (method !== 'GET' || !isPublicPreviewPath(pathname)) return false;
  const resource = /^\/resource\/([A-Za-z]+)\/get\//.exec(url)?.[1];
  return resource !== undefined && PROFILE_CONTENT_RESOURCES.has(resource);
}
