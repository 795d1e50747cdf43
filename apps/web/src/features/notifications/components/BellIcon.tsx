import { SvgIcon } from '../../../components/Icon/Icon';

/** The bell's path: kept here, with the bell's own chunk, rather than in the first paint's icons (decision 087). */
const BELL =
  'M12 2a1 1 0 0 1 1 1v1.1A7 7 0 0 1 19 11v4.6l1.7 2.8a1 1 0 0 1-.9 1.6H4.2a1 1 0 0 1-.9-1.6L5 15.6V11a7 7 0 0 1 6-6.9V3a1 1 0 0 1 1-1Zm0 4a5 5 0 0 0-5 5v4.9a1 1 0 0 1-.2.6L6 18h12l-.8-1.5a1 1 0 0 1-.2-.6V11a5 5 0 0 0-5-5ZM9.5 20.5h5a2.5 2.5 0 0 1-5 0Z';

/** The notifications bell, decorative. */
export function BellIcon({ size = 24 }: { size?: number }) {
  return <SvgIcon name="bell" path={BELL} size={size} fillRule="evenodd" />;
}
