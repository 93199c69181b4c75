import { EngineProvider, useApi } from '@mes/engine-web/entity';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { registry } from './modules';

/**
 * The modules' declarations, for the signed-in pages only: a chunk of its own, not the sign-in page's.
 * antd's App (`App.useApp()` of the module pages) comes here for the same reason.
 */
export function ModulesProvider({ children }: { children: ReactNode }) {
  return (
    <EngineProvider registry={registry} api={useApi()}>
      <AntApp>{children}</AntApp>
    </EngineProvider>
  );
}
