import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import { isApiError } from '../lib/api';
import { TEXTS } from '../lib/texts';

/** Shown when rendering a page fails: a missing thing as not found, anything else with a way to reload. */
function RouteError({ error }: { error: unknown }) {
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

interface BoundaryProps {
  /** Another value (the next page's address) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches a page that fails to render (or whose code fails to load) and shows RouteError until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
