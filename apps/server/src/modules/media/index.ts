/** The media module's public face: whether a person may see a stored image (media.policy's rule, one query). */
import type { Queryable } from '../../db/client';
import { mediaRepo } from './media.repo';

/** Whether the image with this media base is public or the viewer may see it (a Pin they may see uses it, their own draft…). */
export async function mediaVisibleTo(db: Queryable, mediaBase: string, viewerId: string | null): Promise<boolean> {
  const access = await mediaRepo.access(db, mediaBase, viewerId, []);
  return access.public || access.visibleToViewer;
}
