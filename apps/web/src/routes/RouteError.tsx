import { useRouteError } from 'react-router';
import { Button } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import { isApiError } from '../lib/api';
import * as TEXTS from '../lib/texts';

/** Shown when rendering a page fails. */
export function RouteError() {
  const error = useRouteError();
  if (isApiError(error) && error.isNotFound) return <NotFoundView />;
  console.error(error);
  return (
    <EmptyState
      headingLevel={1}
      heading={TEXTS.error.heading}
      action={
        <Button variant="primary" size="large" onPress={() => window.location.reload()}>
          {TEXTS.error.reload}
        </Button>
      }
    >
      {TEXTS.genericError}
    </EmptyState>
  );
}
