/**
 * The react-aria side of components/Popup/usePopupTrigger.ts. Only the lazily
 * loaded popups import this file, so react-aria stays out of the first
 * download of a page.
 */
import type { ReactNode } from 'react';
import { Popover, RouterProvider, type PopoverProps } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router';
import type { PopupState } from './usePopupTrigger';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

export interface PopupProps {
  popup: PopupState;
}

type Placement = PopoverProps['placement'];

/**
 * A popover anchored to the trigger, open while the trigger says so; Escape,
 * a press outside and leaving it close it. Links in it (a MenuItem's href)
 * navigate through the router.
 */
export function AnchoredPopover({
  popup,
  kind,
  className,
  placement = 'bottom',
  offset,
  children,
}: PopupProps & { kind: 'menu' | 'dialog'; className?: string; placement?: Placement; offset?: number; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Popover
      triggerRef={popup.triggerRef}
      isOpen={popup.isOpen}
      onOpenChange={popup.setOpen}
      trigger={kind === 'menu' ? 'MenuTrigger' : 'DialogTrigger'}
      className={className}
      placement={placement}
      offset={offset}
    >
      <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
        {children}
      </RouterProvider>
    </Popover>
  );
}

/** The props a react-aria Menu in an AnchoredPopover takes from its trigger: its id, first focus and closing on an action. */
export function menuPropsOf(popup: PopupState) {
  return { id: popup.popupId, autoFocus: popup.focus, onClose: () => popup.setOpen(false) };
}
