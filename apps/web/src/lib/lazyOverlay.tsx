import { Suspense, useState, type JSX } from 'react';
import { lazyNamed, type PropsOf } from './lazyNamed';

/**
 * A dialog, popover or sheet whose code is downloaded the first time it
 * opens (or earlier, through preload() on hover or focus of what opens it).
 * Until then it renders nothing; once opened it stays mounted like the
 * component itself would, so closing animations and state behave the same.
 */
export function lazyOverlay<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  isOpen: (props: PropsOf<M[K]>) => boolean = (props) => !!(props as { isOpen?: boolean }).isOpen,
) {
  const Lazy = lazyNamed(load, name);
  function Deferred(props: PropsOf<M[K]> & JSX.IntrinsicAttributes) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Deferred.displayName = `Lazy(${String(name)})`;
  return Object.assign(Deferred, { preload: Lazy.preload, prefetch: Lazy.prefetch });
}
