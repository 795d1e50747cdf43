import { useEffect, type RefObject } from 'react';

/*
 * react-aria makes what lies behind an open modal `inert`, which keeps focus
 * and the pointer out of it, but `inert` alone is not how every assistive
 * technology (nor Playwright's role queries) learns that the page is hidden:
 * a second "Create" button stayed reachable behind the create-board dialog.
 * So while a modal is open, every other top-level element of the body (the
 * app's root, an older modal under a newer one) also carries
 * aria-hidden="true". Counted per element, so nested modals restore in order.
 */

const hiddenBy = new WeakMap<Element, number>();

function staysVisible(element: Element, keep: Element) {
  return (
    element.contains(keep) ||
    element instanceof HTMLScriptElement ||
    element instanceof HTMLStyleElement ||
    element.hasAttribute('data-live-announcer') ||
    element.hasAttribute('data-react-aria-top-layer')
  );
}

/** Hides every top-level element of the body that does not hold `keep`; returns the undo. */
function hideOutside(keep: Element): () => void {
  const hidden: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (staysVisible(element, keep)) continue;
    const count = hiddenBy.get(element) ?? 0;
    // Hidden by someone else already: theirs to show again.
    if (count === 0 && element.getAttribute('aria-hidden') === 'true') continue;
    if (count === 0) element.setAttribute('aria-hidden', 'true');
    hiddenBy.set(element, count + 1);
    hidden.push(element);
  }
  return () => {
    for (const element of hidden) {
      const count = hiddenBy.get(element) ?? 0;
      if (count <= 1) {
        hiddenBy.delete(element);
        element.removeAttribute('aria-hidden');
      } else {
        hiddenBy.set(element, count - 1);
      }
    }
  };
}

/** While `isOpen`, the page behind the modal at `ref` is out of the accessibility tree. */
export function useHidePageBehind(isOpen: boolean, ref: RefObject<Element | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!isOpen || !element) return;
    return hideOutside(element);
  }, [isOpen, ref]);
}
