import { NotFoundView } from '../components/NotFoundView/NotFoundView';

export function NotFoundRoute() {
  return <NotFoundView />;
}
