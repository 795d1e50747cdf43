import type { RefObject } from 'react';
import type { PopoverProps } from 'react-aria-components';
import { createSlot } from '../../../lib/slot';
import type { Board, BoardSource, PickTarget, Section } from '../boards.api';

export interface BoardPickerProps {
  /** 'save' saves a Pin (heading Save); 'move' moves selected Pins (heading Move to). */
  mode: 'save' | 'move';
  /** The Pin being saved, for the top suggestions. */
  pinId?: string | null;
  /** The Profile option under 'Quick save and organize later'. */
  showProfileOption?: boolean;
  /** The two top suggestions above all boards. */
  showTopChoices?: boolean;
  /** Targets that cannot be picked (e.g. where the Pins already are). */
  isTargetDisabled?: (board: Board, section: Section | null) => boolean;
  /** Where a board made in the picker comes from. */
  createSource?: BoardSource;
  onPick: (target: PickTarget) => void;
}

export interface BoardPickerPopoverProps extends BoardPickerProps {
  triggerRef: RefObject<Element | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  placement?: PopoverProps['placement'];
}

/**
 * The board picker as a flyout (features/picker/components/BoardPickerPopover.tsx),
 * filled in by shell/FeatureSlots.tsx: Organize mode's "Move to" opens it
 * from a board, and the picker lists boards and makes them, so boards
 * cannot import it. The props are declared here, where boards are.
 */
export const BoardPickerSlot = createSlot<BoardPickerPopoverProps>('BoardPicker');
