import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isProfilePath } from '@pinboard/shared/constants/reservedPaths';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';

/** Renders its children only for profile paths (first segment not reserved); anything else is a 404. */
export function ProfilePathGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isProfilePath(pathname) ? <>{children}</> : <NotFoundView />;
}
