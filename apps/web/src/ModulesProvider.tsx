import { EngineProvider, useApi } from '@mes/engine-web/entity';
import { useLang } from '@mes/engine-web/i18n';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { registry } from './modules';

/**
 * The modules' declarations, for the signed-in pages only: a chunk of its own, not the sign-in page's.
 * dayjs with its month and week-day names (the date pickers') comes here for the same reason: the
 * sign-in page shows no date. antd's App comes with the module pages that use it (pages/registry.tsx).
 */
export function ModulesProvider({ children }: { children: ReactNode }) {
  const lang = useLang();
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  return (
    <EngineProvider registry={registry} api={useApi()}>
      {children}
    </EngineProvider>
  );
}
