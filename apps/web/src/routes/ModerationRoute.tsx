import { ReportsQueuePage, ReportsAndViolationsPage } from '../features/moderation/ModerationPages';

/** /reports-and-violations/ */
export function NoticesRoute() {
  return <ReportsAndViolationsPage />;
}

/** /reports-and-violations/queue/ */
export function ModerationQueueRoute() {
  return <ReportsQueuePage />;
}
