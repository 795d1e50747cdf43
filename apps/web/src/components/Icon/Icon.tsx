import type { SVGProps } from 'react';

const PATHS = {
  search:
    'M10 16a6 6 0 1 1 0-12 6 6 0 0 1 0 12Zm11.7 4.3-5.4-5.4A8 8 0 1 0 10 18a8 8 0 0 0 4.9-1.7l5.4 5.4a1 1 0 0 0 1.4-1.4Z',
  plus: 'M13 11V4a1 1 0 1 0-2 0v7H4a1 1 0 1 0 0 2h7v7a1 1 0 1 0 2 0v-7h7a1 1 0 1 0 0-2h-7Z',
  chevronDown: 'M12 15.6 5.7 9.3a1 1 0 0 1 1.4-1.4l4.9 4.9 4.9-4.9a1 1 0 1 1 1.4 1.4L12 15.6Z',
  chevronLeft: 'M15.7 5.7 9.4 12l6.3 6.3a1 1 0 0 1-1.4 1.4l-7-7a1 1 0 0 1 0-1.4l7-7a1 1 0 0 1 1.4 1.4Z',
  lock: 'M17 9V7A5 5 0 0 0 7 7v2a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2ZM9 7a3 3 0 0 1 6 0v2H9V7Zm4 9.7V18h-2v-1.3a2 2 0 1 1 2 0Z',
  close: 'm13.4 12 6.3-6.3a1 1 0 0 0-1.4-1.4L12 10.6 5.7 4.3a1 1 0 0 0-1.4 1.4l6.3 6.3-6.3 6.3a1 1 0 1 0 1.4 1.4l6.3-6.3 6.3 6.3a1 1 0 0 0 1.4-1.4L13.4 12Z',
  upload:
    'M11 15.6V5.4L7.7 8.7a1 1 0 0 1-1.4-1.4l5-5a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1-1.4 1.4L13 5.4v10.2a1 1 0 1 1-2 0ZM4 14a1 1 0 0 1 1 1v4a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-4a1 1 0 1 1 2 0v4a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-4a1 1 0 0 1 1-1Z',
  external:
    'M14 3h6a1 1 0 0 1 1 1v6a1 1 0 1 1-2 0V6.4l-8.3 8.3a1 1 0 0 1-1.4-1.4L17.6 5H14a1 1 0 1 1 0-2ZM5 6a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-5a1 1 0 1 1 2 0v5a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3h5a1 1 0 1 1 0 2H5Z',
  check: 'M9.5 18.2 3.8 12.5a1 1 0 0 1 1.4-1.4l4.3 4.3 9.3-9.3a1 1 0 1 1 1.4 1.4L9.5 18.2Z',
  alert:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 15.5a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm1-4.5a1 1 0 0 1-2 0V7a1 1 0 0 1 2 0v6Z',
  chevronRight: 'M8.3 18.3 14.6 12 8.3 5.7a1 1 0 0 1 1.4-1.4l7 7a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4-1.4Z',
  more: 'M12 14.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Zm-7.5 0a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Zm15 0a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z',
  pencil:
    'M14.8 4.6 19.4 9.2 9 19.6a2 2 0 0 1-.9.5l-4.3 1.1a.8.8 0 0 1-1-1l1.1-4.3a2 2 0 0 1 .5-.9L14.8 4.6Zm1.4-1.4 1.4-1.4a2 2 0 0 1 2.8 0l1.8 1.8a2 2 0 0 1 0 2.8l-1.4 1.4-4.6-4.6Z',
  trash:
    'M9 3a1 1 0 0 0-1 1v1H4a1 1 0 1 0 0 2h1l1 13a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-13h1a1 1 0 1 0 0-2h-4V4a1 1 0 0 0-1-1H9Zm.5 7a1 1 0 0 1 1 1v6a1 1 0 1 1-2 0v-6a1 1 0 0 1 1-1Zm5 0a1 1 0 0 1 1 1v6a1 1 0 1 1-2 0v-6a1 1 0 0 1 1-1Z',
  link: 'M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0ZM7.4 11 5.6 12.8a3.5 3.5 0 0 0 5 5l1.8-1.8a1 1 0 1 1 1.4 1.4L12 19.2a5.5 5.5 0 0 1-7.8-7.8L6 9.6A1 1 0 0 1 7.4 11Zm9.2 2 1.8-1.8a3.5 3.5 0 0 0-5-5L11.6 8A1 1 0 1 1 10.2 6.6L12 4.8a5.5 5.5 0 0 1 7.8 7.8L18 14.4A1 1 0 0 1 16.6 13Z',
  image:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v10.6l3.3-3.3a1 1 0 0 1 1.4 0l2.3 2.3 4.3-4.3a1 1 0 0 1 1.4 0L19 11.6V5H5Zm3.5 4.5a2 2 0 1 1 0-4 2 2 0 0 1 0 4Z',
  board: 'M4 3h6a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm10 0h6a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm0 10h6a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-6a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1Z',
  section: 'M4 4h16a1 1 0 1 1 0 2H4a1 1 0 0 1 0-2Zm0 7h16a1 1 0 1 1 0 2H4a1 1 0 1 1 0-2Zm0 7h10a1 1 0 1 1 0 2H4a1 1 0 1 1 0-2Z',
  dense: 'M3 3h5v5H3V3Zm6.5 0h5v5h-5V3ZM16 3h5v5h-5V3ZM3 9.5h5v5H3v-5Zm6.5 0h5v5h-5v-5Zm6.5 0h5v5h-5v-5ZM3 16h5v5H3v-5Zm6.5 0h5v5h-5v-5Zm6.5 0h5v5h-5v-5Z',
  regular: 'M3 3h8v8H3V3Zm10 0h8v8h-8V3ZM3 13h8v8H3v-8Zm10 0h8v8h-8v-8Z',
  sort: 'M7 3a1 1 0 0 1 .7.3l3.5 3.5a1 1 0 1 1-1.4 1.4L8 6.4V20a1 1 0 1 1-2 0V6.4L4.2 8.2a1 1 0 0 1-1.4-1.4l3.5-3.5A1 1 0 0 1 7 3Zm10 18a1 1 0 0 1-.7-.3l-3.5-3.5a1 1 0 1 1 1.4-1.4l1.8 1.8V4a1 1 0 1 1 2 0v13.6l1.8-1.8a1 1 0 1 1 1.4 1.4l-3.5 3.5a1 1 0 0 1-.7.3Z',
  restore: 'M12 4a8 8 0 1 1-7.7 10.1 1 1 0 1 1 1.9-.6A6 6 0 1 0 7.8 7.7L10 8a1 1 0 0 1 0 2H5a1 1 0 0 1-1-1V4a1 1 0 1 1 2 0v2.2A8 8 0 0 1 12 4Z',
  home: 'M12 3.2 2.6 11a1 1 0 0 0 1.3 1.5L5 11.6V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1v-8.4l1.1.9a1 1 0 1 0 1.3-1.5L12 3.2Z',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons whose inner shapes are holes. */
const EVEN_ODD = new Set<IconName>(['trash']);

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
  /** When given, the icon is announced with this label; otherwise it is decorative. */
  label?: string;
}

export function Icon({ name, size = 20, label, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...rest}
    >
      <path d={PATHS[name]} fillRule={EVEN_ODD.has(name) ? 'evenodd' : undefined} />
    </svg>
  );
}

/** The app's mark: a red circle with a white P. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="var(--color-brand)" />
      <path
        fill="#fff"
        d="M12.2 25.6 13.9 18.4a6.2 6.2 0 0 1-.4-2.3c0-2.2 1.2-3.8 2.8-3.8 1.3 0 1.9 1 1.9 2.1 0 1.3-.8 3.2-1.2 5-.4 1.5.7 2.7 2.2 2.7 2.6 0 4.4-3.4 4.4-7.4 0-3-2-5.3-5.7-5.3-4.2 0-6.8 3.1-6.8 6.6 0 1.2.4 2.1.9 2.7.2.3.3.4.2.7l-.3 1.2c-.1.4-.4.5-.7.4-2-.8-2.9-3-2.9-5.4 0-4 3.4-8.8 10.1-8.8 5.4 0 8.9 3.9 8.9 8.1 0 5.6-3.1 9.7-7.6 9.7-1.5 0-3-.8-3.5-1.8l-1 3.9c-.3 1.2-1 2.6-1.6 3.6Z"
      />
    </svg>
  );
}
