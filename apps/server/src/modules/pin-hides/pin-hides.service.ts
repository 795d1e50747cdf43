/**
 * Hiding and unhiding Pins in the viewer's home feed. A Pin the viewer may
 * not see answers 404 like a missing one; one's own Pin is refused (400).
 * Both actions are idempotent and answer the Pin's resulting state.
 */
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { CANT_HIDE_OWN_PIN, canHidePin } from './pin-hides.policy';
import { pinHidesRepo } from './pin-hides.repo';
import { visiblePinById } from '../../kernel';

export function createPinHidesService({ db }: { db: Db }) {
  return {
    async setHidden(ctx: RequestContext, pinId: string, hidden: boolean) {
      const viewer = requireViewer(ctx);
      const pin = await visiblePinById(db, pinId, viewer.id);
      if (!pin) throw notFound('pin');
      if (!canHidePin(viewer, pin)) throw invalid(CANT_HIDE_OWN_PIN);
      if (hidden) await pinHidesRepo.add(db, viewer.id, pin.id);
      else await pinHidesRepo.remove(db, viewer.id, pin.id);
      return { pin_id: pin.id, is_hidden: hidden };
    },
  };
}
