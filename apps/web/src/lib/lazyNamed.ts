import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The props of a module's export when it is a component. */
export type PropsOf<T> = T extends ComponentType<infer P> ? P : never;

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download; safe to call often. */
  preload: () => Promise<unknown>;
  /** preload() for event handlers (hover or focus of what opens it): a failure is left to the render that needs it. */
  prefetch: () => void;
};

/**
 * React.lazy for a named export, with preload(). A failed download is
 * forgotten, so the next render or preload tries again.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): Preloadable<PropsOf<M[K]>> {
  let pending: Promise<M> | null = null;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  const component = lazy(async () => ({ default: (await preload())[name] as ComponentType<PropsOf<M[K]>> }));
  const prefetch = () => void preload().catch(() => undefined);
  return Object.assign(component, { preload, prefetch });
}
