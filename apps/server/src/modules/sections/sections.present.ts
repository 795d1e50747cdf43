import type { TSectionAbilities, TSectionOut } from '@pinboard/shared/schemas/entities';
import type { SectionRow } from './sections.repo';

/**
 * The Board section entity (docs/product/profiles-and-boards.md §3): id (section_id), title, slug, type, preview_pins;
 * `can`, what the viewer may do with it (boards.policy sectionAbilities, decision 080).
 */
export function presentSection(s: SectionRow, can: TSectionAbilities, boardUrl?: string): TSectionOut {
  return {
    id: s.id,
    section_id: s.id,
    board_id: s.board_id,
    title: s.title,
    slug: s.slug,
    type: 'boardsection',
    url: boardUrl ? `${boardUrl}${s.slug}/` : null,
    position: s.position,
    pin_count: s.pin_count,
    preview_pins: (s.preview ?? []).flatMap((images) =>
      images['236x'] ? [{ image_square_url: images['236x'].url, size: { width: images['236x'].width, height: images['236x'].height } }] : [],
    ),
    can,
  };
}
