import { Activity, Suspense, useRef } from 'react';
import { renderPage, STATIC_ROUTES } from '../pages/registry';
import { useSession } from '../session/session';
import { type Resolution, resolvePath } from '../shell/resolve';
import { PageErrorBoundary } from './ErrorBoundary';
import { PageSpinner } from './PageSpinner';
import { useTabs } from './TabsContext';

// plain: a page's chunk on its way does not wait for antd's Spin to arrive first
const fallback = <PageSpinner />;

function Page({ res }: { res: Resolution }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={fallback}>{renderPage(res)}</Suspense>
    </PageErrorBoundary>
  );
}

/**
 * The page area. Visited pages stay mounted but hidden while another tab is shown (keep-alive through
 * React's Activity: their state survives, their effects pause); noCache pages mount afresh each visit.
 */
export function PageHost({ res }: { res: Resolution }) {
  const tabs = useTabs();
  const { routes } = useSession();
  const active = res.meta.path;
  // a tab restored after a reload mounts when it is first shown, not all at once
  const shown = useRef(new Set<string>());
  shown.current.add(active);
  const kept = tabs.views.filter((v) => !v.noCache && shown.current.has(v.key)).map((v) => v.key);
  if (!res.meta.noCache && !kept.includes(active)) kept.push(active);

  return (
    <>
      {res.meta.noCache && <Page key={`${active}#${tabs.generation(active)}`} res={res} />}
      {kept.map((key) => {
        const r = key === active ? res : resolvePath(key, STATIC_ROUTES, routes);
        if (!r) return null;
        return (
          <Activity key={`${key}#${tabs.generation(key)}`} mode={key === active ? 'visible' : 'hidden'}>
            <Page res={r} />
          </Activity>
        );
      })}
    </>
  );
}
