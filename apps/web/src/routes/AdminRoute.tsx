import { AdminPage } from '../features/admin/AdminPage';

/** /admin/ (staff): servers, job queues, sizes, counts and the last server errors. Its own chunk. */
export function AdminRoute() {
  return <AdminPage />;
}
