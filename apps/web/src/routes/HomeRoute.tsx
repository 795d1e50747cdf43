import { HomePage } from '../features/feeds/HomePage';

/** / and /homefeed/ */
export function HomeRoute() {
  return <HomePage />;
}
