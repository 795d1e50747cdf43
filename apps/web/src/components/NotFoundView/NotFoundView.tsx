import { MESSAGES } from '../../lib/messages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TEXTS } from '../../lib/texts';
import { EmptyState } from '../EmptyState/EmptyState';

/** The friendly 404: used by unknown routes and by pages whose content is missing or hidden. */
export function NotFoundView({ body = TEXTS.notFound.body }: { body?: string }) {
  useDocumentTitle(MESSAGES.board.notFound);
  return (
    <EmptyState heading={MESSAGES.board.notFound} headingLevel={1} link={{ to: '/', label: TEXTS.notFound.home }}>
      {body}
    </EmptyState>
  );
}
