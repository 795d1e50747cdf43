import { createSlot } from '../../../lib/slot';
import type { Pin } from '../pins.api';

export interface SavePinProps {
  pin: Pin;
  /** 'card': the hover controls of a Pin card; 'closeup': the Pin page's header. */
  appearance: 'card' | 'closeup';
}

/**
 * Save for one Pin, made by the board picker (features/picker/components/SavePin.tsx)
 * and filled in by shell/FeatureSlots.tsx: saving opens the picker, which
 * lists boards, whose pages show Pins, so pins cannot import it.
 */
export const SavePinSlot = createSlot<SavePinProps>('SavePin');
