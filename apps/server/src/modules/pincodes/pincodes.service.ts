/**
 * Pincodes (decision 061): the picture of a profile's or a board's scannable
 * code. Only a signed-in person makes one (the spec's "create pincode" needs
 * login), only of what they may see: the profile and board reads are the
 * users and boards services' own, so what answers 404 there answers 404 here.
 */
import { avatarColor } from '@pinboard/shared/constants/avatarColors';
import type { PincodeFormat } from './pincode-image';
import { renderPincode } from './pincode-image';
import { requireViewer, type RequestContext } from '../../lib/context';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { ActionLimits } from '../../rate-limit/limits';
import type { BoardsService } from '../boards';
import type { UsersService } from '../users';

export interface Pincode {
  data: Buffer;
  /** A file name for a download: the product, what it names and the format. */
  filename: string;
}

const MEDIA_PREFIX = '/media/';

export function createPincodesService(deps: { users: UsersService; boards: BoardsService; media: MediaStore; limits: ActionLimits; publicUrl: string }) {
  const { users, boards, media, limits, publicUrl } = deps;

  /** The stored bytes behind one of our own media addresses, or null (a picture that is gone leaves a plain disc). */
  async function picture(url: string | null | undefined): Promise<Buffer | null> {
    if (!url?.startsWith(MEDIA_PREFIX)) return null;
    return (await media.get(url.slice(MEDIA_PREFIX.length)).catch(() => null))?.data ?? null;
  }

  return {
    async profile(ctx: RequestContext, username: string, format: PincodeFormat): Promise<Pincode> {
      requireViewer(ctx);
      const profile = await users.getProfile(ctx, username);
      await limits.take('pincode', ctx);
      const data = await renderPincode(
        { url: `${publicUrl}/${profile.username}/`, centre: await picture(profile.image_medium_url), color: avatarColor(profile.avatar_color_index) },
        format,
      );
      return { data, filename: `pinboard-${profile.username}-pincode.${format}` };
    },

    async board(ctx: RequestContext, boardId: string, format: PincodeFormat): Promise<Pincode> {
      requireViewer(ctx);
      const board = await boards.get(ctx, { board_id: boardId });
      await limits.take('pincode', ctx);
      // A sensitive board's cover is blurred in the app; a code cannot blur it, so it shows the owner's disc (decision 016).
      const cover = board.is_sensitive ? null : (board.cover_images?.['236x']?.url ?? null);
      const data = await renderPincode(
        { url: `${publicUrl}${board.url}`, centre: await picture(cover ?? board.owner.image_medium_url), color: avatarColor(0) },
        format,
      );
      return { data, filename: `pinboard-${board.owner.username}-${board.slug}-pincode.${format}` };
    },
  };
}
