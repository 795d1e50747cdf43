/**
 * The collage entity (docs/product/profiles-and-boards.md §3): "Collage (shuffle): id, images
 * in several sizes, created_at, draft flag. Published collage: id, type pin."
 */
import { COLLAGE_CANVAS } from '@pinboard/shared/constants/collages';
import { presentPin } from '../pins';
import { type PinWithRefs } from '../../kernel';
import type { CollageRow } from './collages.repo';

/** A draft shows its preview; a published collage its Pin's images. */
export function presentCollage(c: CollageRow, pin: PinWithRefs | null) {
  const images = c.is_draft ? c.images : (pin?.images ?? null);
  return {
    id: c.id,
    type: 'shuffle' as const,
    is_draft: c.is_draft,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
    images,
    dominant_color: c.is_draft ? c.dominant_color : (pin?.dominant_color ?? null),
    pin_id: c.pin_id,
  };
}

/**
 * One collage for the creation tool: its canvas and layers, each with the
 * source Pin. Layers whose Pin the owner can no longer see are left out.
 */
export function presentCollageDetail(c: CollageRow, sources: ReadonlyMap<string, PinWithRefs>, pin: PinWithRefs | null) {
  return {
    ...presentCollage(c, pin),
    canvas: { ...COLLAGE_CANVAS },
    layers: c.layers.flatMap((layer) => {
      const source = sources.get(layer.pin_id);
      return source ? [{ ...layer, pin: presentPin(source) }] : [];
    }),
  };
}

/** A list entry: with transform_to_pins, a published collage is its Pin (type pin). */
export function presentListEntry(c: CollageRow, pin: PinWithRefs | null, transformToPins: boolean) {
  if (transformToPins && !c.is_draft && pin) return presentPin(pin);
  return presentCollage(c, pin);
}
