import { useSearchParams } from 'react-router';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { TEXTS } from '../lib/texts';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** Search is not built yet: the page says so honestly and keeps the query. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  useDocumentTitle(query ? TEXTS.search.heading(query) : TEXTS.search.emptyHeading);

  return (
    <EmptyState
      headingLevel={1}
      heading={query ? TEXTS.search.heading(query) : TEXTS.search.emptyHeading}
      action={
        query ? (
          <ButtonLink to="/" variant="secondary" size="large">
            {TEXTS.search.explore}
          </ButtonLink>
        ) : undefined
      }
    >
      {query ? TEXTS.search.body : TEXTS.search.emptyBody}
    </EmptyState>
  );
}
