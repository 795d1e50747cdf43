import type { SVGProps } from 'react';

/** The icons a first paint uses; components/Icon/AllIcons.tsx adds the rest. */
export const PATHS = {
  close: 'm13.4 12 6.3-6.3a1 1 0 0 0-1.4-1.4L12 10.6 5.7 4.3a1 1 0 0 0-1.4 1.4l6.3 6.3-6.3 6.3a1 1 0 1 0 1.4 1.4l6.3-6.3 6.3 6.3a1 1 0 0 0 1.4-1.4L13.4 12Z',
  search: 'M10 16a6 6 0 1 1 0-12 6 6 0 0 1 0 12Zm11.7 4.3-5.4-5.4A8 8 0 1 0 10 18a8 8 0 0 0 4.9-1.7l5.4 5.4a1 1 0 0 0 1.4-1.4Z',
  camera:
    'M9 3a1 1 0 0 0-.8.4L6.5 6H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-2.5l-1.7-2.6A1 1 0 0 0 15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
  home: 'M12 3.2 2.6 11a1 1 0 0 0 1.3 1.5L5 11.6V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1v-8.4l1.1.9a1 1 0 1 0 1.3-1.5L12 3.2Z',
  plus: 'M13 11V4a1 1 0 1 0-2 0v7H4a1 1 0 1 0 0 2h7v7a1 1 0 1 0 2 0v-7h7a1 1 0 1 0 0-2h-7Z',
  chevronDown: 'M12 15.6 5.7 9.3a1 1 0 0 1 1.4-1.4l4.9 4.9 4.9-4.9a1 1 0 1 1 1.4 1.4L12 15.6Z',
  lock: 'M17 9V7A5 5 0 0 0 7 7v2a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2ZM9 7a3 3 0 0 1 6 0v2H9V7Zm4 9.7V18h-2v-1.3a2 2 0 1 1 2 0Z',
  external:
    'M14 3h6a1 1 0 0 1 1 1v6a1 1 0 1 1-2 0V6.4l-8.3 8.3a1 1 0 0 1-1.4-1.4L17.6 5H14a1 1 0 1 1 0-2ZM5 6a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-5a1 1 0 1 1 2 0v5a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3h5a1 1 0 1 1 0 2H5Z',
  check: 'M9.5 18.2 3.8 12.5a1 1 0 0 1 1.4-1.4l4.3 4.3 9.3-9.3a1 1 0 1 1 1.4 1.4L9.5 18.2Z',
  alert: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 15.5a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm1-4.5a1 1 0 0 1-2 0V7a1 1 0 0 1 2 0v6Z',
  more: 'M12 14.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Zm-7.5 0a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Zm15 0a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z',
  dense: 'M3 3h5v5H3V3Zm6.5 0h5v5h-5V3ZM16 3h5v5h-5V3ZM3 9.5h5v5H3v-5Zm6.5 0h5v5h-5v-5Zm6.5 0h5v5h-5v-5ZM3 16h5v5H3v-5Zm6.5 0h5v5h-5v-5Zm6.5 0h5v5h-5v-5Z',
  regular: 'M3 3h8v8H3V3Zm10 0h8v8h-8V3ZM3 13h8v8H3v-8Zm10 0h8v8h-8v-8Z',
  sort: 'M7 3a1 1 0 0 1 .7.3l3.5 3.5a1 1 0 1 1-1.4 1.4L8 6.4V20a1 1 0 1 1-2 0V6.4L4.2 8.2a1 1 0 0 1-1.4-1.4l3.5-3.5A1 1 0 0 1 7 3Zm10 18a1 1 0 0 1-.7-.3l-3.5-3.5a1 1 0 1 1 1.4-1.4l1.8 1.8V4a1 1 0 1 1 2 0v13.6l1.8-1.8a1 1 0 1 1 1.4 1.4l-3.5 3.5a1 1 0 0 1-.7.3Z',
  message:
    'M12 2C6.5 2 2 6 2 11c0 2.6 1.2 4.9 3.2 6.6L4.5 21a.8.8 0 0 0 1.1.9l4-1.9c.8.2 1.6.3 2.4.3 5.5 0 10-4 10-9S17.5 2 12 2Zm0 16c-.8 0-1.5-.1-2.2-.3a1 1 0 0 0-.7.1l-2 .9.3-1.6a1 1 0 0 0-.4-1C5.1 14.8 4 13 4 11c0-3.8 3.6-7 8-7s8 3.2 8 7-3.6 7-8 7Z',
  share:
    'M12 2a1 1 0 0 1 .7.3l4 4a1 1 0 0 1-1.4 1.4L13 5.4V15a1 1 0 1 1-2 0V5.4L8.7 7.7a1 1 0 0 1-1.4-1.4l4-4A1 1 0 0 1 12 2ZM5 11a1 1 0 0 1 1 1v7a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-7a1 1 0 1 1 2 0v7a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-7a1 1 0 0 1 1-1Z',
  verified:
    'M12 1.5 14.6 3.4 17.8 3.3 18.8 6.4 21.4 8.3 20.4 11.4 21.4 14.5 18.8 16.4 17.8 19.5 14.6 19.4 12 21.3 9.4 19.4 6.2 19.5 5.2 16.4 2.6 14.5 3.6 11.4 2.6 8.3 5.2 6.4 6.2 3.3 9.4 3.4ZM10.6 14.2l-2.3-2.3-1.4 1.4 3.7 3.7 6.6-6.6-1.4-1.4Z',
  send: 'M3.4 20.4 21.5 12.8a.9.9 0 0 0 0-1.6L3.4 3.6a.9.9 0 0 0-1.2 1.1L4.6 11 13 12l-8.4 1-2.4 6.3a.9.9 0 0 0 1.2 1.1Z',
  settings:
    'M13.7 2a1 1 0 0 1 1 .8l.3 1.9c.5.2 1 .5 1.4.8l1.8-.7a1 1 0 0 1 1.2.4l1.7 3a1 1 0 0 1-.2 1.2l-1.5 1.2a6.8 6.8 0 0 1 0 1.6l1.5 1.2a1 1 0 0 1 .2 1.2l-1.7 3a1 1 0 0 1-1.2.4l-1.8-.7c-.4.3-.9.6-1.4.8l-.3 1.9a1 1 0 0 1-1 .8h-3.4a1 1 0 0 1-1-.8l-.3-1.9c-.5-.2-1-.5-1.4-.8l-1.8.7a1 1 0 0 1-1.2-.4l-1.7-3a1 1 0 0 1 .2-1.2l1.5-1.2a6.8 6.8 0 0 1 0-1.6L3.4 9.4a1 1 0 0 1-.2-1.2l1.7-3a1 1 0 0 1 1.2-.4l1.8.7c.4-.3.9-.6 1.4-.8l.3-1.9a1 1 0 0 1 1-.8h3.1ZM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Z',
  // The owner's recently deleted boards (a chunk of their own that should not load AllIcons.tsx).
  trash:
    'M9 3a1 1 0 0 0-1 1v1H4a1 1 0 1 0 0 2h1l1 13a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-13h1a1 1 0 1 0 0-2h-4V4a1 1 0 0 0-1-1H9Zm.5 7a1 1 0 0 1 1 1v6a1 1 0 1 1-2 0v-6a1 1 0 0 1 1-1Zm5 0a1 1 0 0 1 1 1v6a1 1 0 1 1-2 0v-6a1 1 0 0 1 1-1Z',
  restore: 'M12 4a8 8 0 1 1-7.7 10.1 1 1 0 1 1 1.9-.6A6 6 0 1 0 7.8 7.7L10 8a1 1 0 0 1 0 2H5a1 1 0 0 1-1-1V4a1 1 0 1 1 2 0v2.2A8 8 0 0 1 12 4Z',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons whose inner shapes are holes. */
const EVEN_ODD = new Set<string>(['trash', 'verified', 'settings']);

export interface IconProps<Name extends string = IconName> extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: Name;
  size?: number;
  /** When given, the icon is announced with this label; otherwise it is decorative. */
  label?: string;
}

/**
 * An icon of the first paint's set. Code loaded on demand that needs one of
 * the others uses the Icon of components/Icon/AllIcons.tsx.
 */
export function Icon(props: IconProps) {
  return <SvgIcon {...props} path={PATHS[props.name]} />;
}

/** The svg of one 24×24 icon path. */
export function SvgIcon({ name, path, size = 20, label, ...rest }: IconProps<string> & { path: string }) {
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
      <path d={path} fillRule={EVEN_ODD.has(name) ? 'evenodd' : undefined} />
    </svg>
  );
}

/** The app's mark: a white pushpin on a red rounded square (the same drawing as public/favicon.svg). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" data-mark="pinboard">
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <g fill="#fff" transform="rotate(35 16 16)">
        <rect x="10.5" y="4.5" width="11" height="3.4" rx="1.7" />
        <path d="M13.2 7.9h5.6l-.9 6h-3.8z" />
        <rect x="9.5" y="13.4" width="13" height="3.6" rx="1.8" />
        <path d="M15.2 17h1.6l-.3 10h-1z" />
      </g>
    </svg>
  );
}
