import { NotificationsPage } from '../features/notifications/NotificationsPage';

/** /notifications/ */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
