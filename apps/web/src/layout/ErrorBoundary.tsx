import { i18n } from '@mes/engine-web/i18n';
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';

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
      <Result
        status="error"
        title={i18n.t('errors.unknown')}
        subTitle={this.state.error.message}
        extra={<Button onClick={() => this.setState({ error: null })}>{i18n.t('list.retry')}</Button>}
      />
    );
  }
}
