import { useEffect, useRef } from 'react';

export interface InfiniteSentinelProps {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
}

/** An empty element that asks for the next page when it comes near the viewport. */
export function InfiniteSentinel({ hasMore, isLoading, onLoadMore, rootMargin = '1200px 0px' }: InfiniteSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || isLoading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoading, rootMargin]);

  return <div ref={ref} aria-hidden="true" style={{ height: 1 }} />;
}
