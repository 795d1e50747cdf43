import { EmptyState } from '../../components/EmptyState/EmptyState';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /about/imprint/: where the imprint link leads unless IMPRINT_URL names the operator's own page. */
export function ImprintPage() {
  useDocumentTitle(TEXTS.auth.imprint);
  return (
    <EmptyState heading={TEXTS.auth.imprint} headingLevel={1} illustration={false}>
      {TEXTS.auth.imprintBody}
    </EmptyState>
  );
}
