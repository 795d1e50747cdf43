import { ModerationQueuePage } from './components/ModerationQueuePage';
import { useSearchParams } from 'react-router';
import { ContestByLinkPage, NoticesPage } from './components/NoticesPage';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /reports-and-violations/: the Viewer's statements of reasons and counter-notices; with a mailed link's decision and token, its counter-notice form, signed out. */
export function ReportsAndViolationsPage() {
  useDocumentTitle(TEXTS.moderation.noticesTitle);
  const [params] = useSearchParams();
  const decision = params.get('decision');
  const token = params.get('token');
  if (decision && token) return <ContestByLinkPage decisionId={decision} appealToken={token} />;
  return (
    <RequireSignedIn heading={TEXTS.moderation.noticesTitle} next="/reports-and-violations/">
      <NoticesPage />
    </RequireSignedIn>
  );
}

/** /reports-and-violations/queue/: staff's moderation queue and the transparency report. */
export function ReportsQueuePage() {
  useDocumentTitle(TEXTS.moderation.queueTitle);
  return (
    <RequireSignedIn heading={TEXTS.moderation.queueTitle} next="/reports-and-violations/queue/">
      <ModerationQueuePage />
    </RequireSignedIn>
  );
}
