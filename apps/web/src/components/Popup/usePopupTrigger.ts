import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';

/** Where focus goes when the popup opens: its first or last item (keyboard), or the popup itself (pointer). */
export type PopupFocus = 'first' | 'last' | true;

/** What a lazily loaded popup needs from its trigger (components/Popup/AriaPopover.tsx). */
export interface PopupState {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
  focus: PopupFocus;
  popupId: string;
}

/**
 * A native trigger button for a react-aria menu or dialog popover whose code
 * is loaded on demand: the button is in the page from the first paint, with
 * the ARIA a MenuTrigger or DialogTrigger would give it (aria-haspopup,
 * aria-expanded, aria-controls; a menu opens on Enter, Space and the arrow
 * keys with its first or last item focused), and its popup's chunk starts
 * downloading on hover or focus so that a press rarely waits for it.
 */
export function usePopupTrigger(
  kind: 'menu' | 'dialog',
  prefetch: () => void,
  controlled?: { isOpen?: boolean | undefined; onOpenChange?: ((isOpen: boolean) => void) | undefined },
) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const [own, setOwn] = useState<{ isOpen: boolean; focus: PopupFocus }>({ isOpen: false, focus: true });
  const onOpenChange = controlled?.onOpenChange;
  const state = controlled?.isOpen === undefined ? own : { ...own, isOpen: controlled.isOpen };
  const setState = useCallback(
    (next: { isOpen: boolean; focus: PopupFocus }) => {
      setOwn(next);
      onOpenChange?.(next.isOpen);
    },
    [onOpenChange],
  );
  const setOpen = useCallback(
    (isOpen: boolean) => {
      setOwn((current) => ({ ...current, isOpen }));
      onOpenChange?.(isOpen);
    },
    [onOpenChange],
  );

  const triggerProps = {
    ref: triggerRef,
    type: 'button' as const,
    'aria-haspopup': kind,
    'aria-expanded': state.isOpen,
    'aria-controls': state.isOpen ? popupId : undefined,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      event.stopPropagation();
      // A click from Enter or Space has no pointer position (detail 0): focus the first item then.
      setState({ isOpen: !state.isOpen, focus: kind === 'menu' && event.detail === 0 ? 'first' : true });
    },
    onKeyDown:
      kind === 'menu'
        ? (event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            setState({ isOpen: true, focus: event.key === 'ArrowDown' ? 'first' : 'last' });
          }
        : undefined,
  };
  const popup: PopupState = useMemo(
    () => ({ triggerRef, isOpen: state.isOpen, setOpen, focus: state.focus, popupId }),
    [state.isOpen, state.focus, setOpen, popupId],
  );
  return { triggerProps, popup };
}
