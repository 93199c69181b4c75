import { i18n } from '@mes/engine-web/i18n';
import { Button, Result } from 'antd';

/** What a page that failed to render shows instead (PageErrorBoundary). */
export function PageError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={i18n.t('errors.unknown')}
      subTitle={error.message}
      extra={<Button onClick={onRetry}>{i18n.t('list.retry')}</Button>}
    />
  );
}
