import type { Viewer } from '../session/session.api';

/**
 * The split-profile experiment (docs/product/profiles-and-boards.md §2): the owner's own
 * profile becomes the retrieval hub, 'Your saved ideas', with a View profile
 * button to the public preview. Partner accounts are excluded.
 */
const SPLIT_PROFILE_EXPERIMENT = 'split_profile';
const SPLIT_PROFILE_ENABLED_GROUP = 'enabled';

export function splitProfileEnabled(viewer: Viewer | null | undefined): boolean {
  return !!viewer?.isAuth && !viewer.isPartner && viewer.experiments?.[SPLIT_PROFILE_EXPERIMENT] === SPLIT_PROFILE_ENABLED_GROUP;
}
