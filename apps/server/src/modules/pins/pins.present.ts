/**
 * The Pin entity as the spec spells its fields (profiles-and-boards §3,
 * images per the API contract §6).
 */
import type { TPinOut } from '@pinboard/shared/schemas/entities';
import { boardUrl } from '../boards';
import type { PinWithRefs } from './pins.repo';

/** A Pin on a protected board names no board to people it is not listed to (boards.policy canListBoard). */
export function presentPin(p: PinWithRefs): TPinOut {
  const board = p.board_listed ? p.board_id : null;
  return {
    id: p.id,
    type: 'pin',
    title: p.title,
    description: p.description,
    link: p.link || null,
    alt_text: p.alt_text || null,
    method: p.method,
    images: p.images,
    dominant_color: p.dominant_color,
    width: p.width,
    height: p.height,
    is_repin: p.parent_pin_id !== null,
    is_video: false,
    repin_count: p.repin_count,
    comment_count: p.comment_count,
    comments_enabled: p.comments_enabled,
    created_at: p.created_at.toISOString(),
    pinner: { id: p.pinner_id, username: p.pinner_username, full_name: p.pinner_full_name, image_medium_url: p.pinner_image_url },
    board:
      board && p.board_name && p.board_slug && p.board_owner_username
        ? { id: board, name: p.board_name, url: boardUrl(p.board_owner_username, p.board_slug), privacy: p.board_privacy }
        : null,
    pinned_to_board: board ? { id: board } : null,
    section_id: board ? p.section_id : null,
    privacy: p.board_privacy === 'secret' ? 'secret' : 'public',
  };
}

export type PresentedPin = TPinOut;
