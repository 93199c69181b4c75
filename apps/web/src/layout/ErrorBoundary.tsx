import { Component, lazy, type ReactNode, Suspense } from 'react';

// antd's Result comes when a page has failed, not with every signed-in page (issue 24)
const PageError = lazy(() => import('./PageError').then((m) => ({ default: m.PageError })));

/** One page failing to render must not take the shell (menu, tabs) down with it. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('[page]', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PageError error={this.state.error} onRetry={() => this.setState({ error: null })} />
      </Suspense>
    );
  }
}
