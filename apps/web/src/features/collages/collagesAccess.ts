import { COLLAGES_ENABLED_GROUP, COLLAGES_EXPERIMENT } from '@pinboard/shared/constants/collages';
import type { Viewer } from '../session/session.api';

/** The collages experiment applies only to signed-in, non-partner people (docs/product/logged-out-and-business.md §6). */
export function collagesEnabled(viewer: Viewer | null | undefined): boolean {
  return !!viewer?.isAuth && !viewer.isPartner && viewer.experiments?.[COLLAGES_EXPERIMENT] === COLLAGES_ENABLED_GROUP;
}
