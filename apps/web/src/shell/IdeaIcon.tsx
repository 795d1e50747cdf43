import type { ReactNode } from 'react';
import type { IdeaSlug } from '@pinboard/shared/constants/ideas';

/** Line icons for the idea categories (24×24, drawn with the current colour). */
const GLYPHS: Record<IdeaSlug, ReactNode> = {
  art: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.8 1.6-1.6 0-.8-.6-1.2-.6-2 0-.9.7-1.6 1.6-1.6H17a4 4 0 0 0 4-4C21 6.9 17 3 12 3Z" />
      <circle cx="7.5" cy="11" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="10" cy="7.2" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="14.6" cy="7.2" r="1.1" fill="currentColor" stroke="none" />
      <circle cx="17.2" cy="10.6" r="1.1" fill="currentColor" stroke="none" />
    </>
  ),
  beauty: (
    <>
      <path d="M11 3.5 12.9 8l4.6 1.9-4.6 1.9L11 16.4l-1.9-4.6-4.6-1.9L9.1 8Z" />
      <path d="M18 14.5l.8 1.9 1.9.8-1.9.8-.8 1.9-.8-1.9-1.9-.8 1.9-.8Z" />
    </>
  ),
  'food-and-drink': (
    <>
      <path d="M6 3v6a3 3 0 0 0 6 0V3M9 3v18" />
      <path d="M18 21V3c-2.2 1.4-3.5 4-3.5 7.5V14H18" />
    </>
  ),
  design: (
    <>
      <path d="M4 20l1.2-4.6L15.8 4.8a2 2 0 0 1 2.9 0l.5.5a2 2 0 0 1 0 2.9L8.6 18.8Z" />
      <path d="M14 6.6l3.4 3.4" />
    </>
  ),
  'womens-fashion': <path d="M9.5 3h5l-.8 4.8 1.3 1.7L19 21H5l4-11.5 1.3-1.7Z" />,
  'mens-fashion': <path d="M8.5 3.5 12 6l3.5-2.5 5 3.7-2.7 3.3-1.8-1V21H8V9.5l-1.8 1-2.7-3.3Z" />,
  'home-decor': (
    <>
      <path d="M5 11V8.5A2.5 2.5 0 0 1 7.5 6h9A2.5 2.5 0 0 1 19 8.5V11" />
      <path d="M3 12.5a1.5 1.5 0 0 1 3 0V15h12v-2.5a1.5 1.5 0 0 1 3 0V18H3Z" />
      <path d="M5 18v2M19 18v2" />
    </>
  ),
  'diy-and-crafts': (
    <>
      <circle cx="6.5" cy="7" r="2.5" />
      <circle cx="6.5" cy="17" r="2.5" />
      <path d="M8.6 8.4 20 18M8.6 15.6 20 6" />
    </>
  ),
  'fitness-and-exercise': <path d="M6.5 7.5v9M3.5 10v4M17.5 7.5v9M20.5 10v4M6.5 12h11" />,
  'animals-and-pets': (
    <>
      <circle cx="6.5" cy="10.5" r="1.7" />
      <circle cx="9.8" cy="6.5" r="1.7" />
      <circle cx="14.2" cy="6.5" r="1.7" />
      <circle cx="17.5" cy="10.5" r="1.7" />
      <path d="M12 12.2c-2.8 0-5 3.4-5 5.4 0 1.7 1.5 2.4 3 2l2-.5 2 .5c1.5.4 3-.3 3-2 0-2-2.2-5.4-5-5.4Z" />
    </>
  ),
  quotes: (
    <>
      <path d="M10 7H6a1 1 0 0 0-1 1v4h4.5c0 2.5-1.2 4-3.5 5" />
      <path d="M19 7h-4a1 1 0 0 0-1 1v4h4.5c0 2.5-1.2 4-3.5 5" />
    </>
  ),
  memes: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8 14c1 1.6 2.3 2.4 4 2.4s3-.8 4-2.4" />
      <circle cx="9" cy="9.8" r="1" fill="currentColor" stroke="none" />
      <circle cx="15" cy="9.8" r="1" fill="currentColor" stroke="none" />
    </>
  ),
  travel: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.3 3.6 5.2 3.6 8.5S14.4 18.2 12 20.5M12 3.5C9.6 5.8 8.4 8.7 8.4 12s1.2 6.2 3.6 8.5" />
    </>
  ),
  weddings: (
    <>
      <circle cx="9" cy="14" r="5" />
      <circle cx="15" cy="14" r="5" />
      <path d="M10.5 4.5 12 3l1.5 1.5L12 6.5Z" />
    </>
  ),
};

export function IdeaIcon({ slug, size = 22 }: { slug: IdeaSlug; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {GLYPHS[slug]}
    </svg>
  );
}
