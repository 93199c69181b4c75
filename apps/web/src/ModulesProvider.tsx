import { EngineProvider, useApi } from '@mes/engine-web/entity';
import type { ReactNode } from 'react';
import { registry } from './modules';

/** The modules' declarations, for the signed-in pages only: a chunk of its own, not the sign-in page's. */
export function ModulesProvider({ children }: { children: ReactNode }) {
  return (
    <EngineProvider registry={registry} api={useApi()}>
      {children}
    </EngineProvider>
  );
}
