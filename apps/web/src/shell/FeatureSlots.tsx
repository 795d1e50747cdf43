import type { ReactNode } from 'react';
import { BoardPickerSlot } from '../features/boards/components/BoardPickerSlot';
import { SavePin } from '../features/picker/components/SavePin';
import { SavePinSlot } from '../features/pins/components/SavePinSlot';
import { BoardPickerPopover } from '../overlays';

/**
 * Fills the slots through which a lower feature shows what a higher one
 * makes (lib/slot.tsx, docs/decisions/072), once for the whole app.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <SavePinSlot.Fill value={SavePin}>
      <BoardPickerSlot.Fill value={BoardPickerPopover}>{children}</BoardPickerSlot.Fill>
    </SavePinSlot.Fill>
  );
}
