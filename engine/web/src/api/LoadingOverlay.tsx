import { Spin } from 'antd';
import { useSyncExternalStore } from 'react';
import { overlayStore } from './overlay';

export function LoadingOverlay() {
  const visible = useSyncExternalStore(
    overlayStore.subscribe,
    overlayStore.isVisible,
    overlayStore.isVisible,
  );
  return <Spin fullscreen spinning={visible} data-testid="loading-overlay" />;
}
