import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { addView, closeAll, closeOthers, closeView, type TabChange, type TabView } from '../shell/tabs';

export interface Tabs {
  views: TabView[];
  activeKey: string;
  /** Bumped by refresh: the page under this key mounts afresh. */
  generation(key: string): number;
  open(view: TabView): void;
  close(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
  refresh(key: string): void;
}

const TabsCtx = createContext<Tabs | null>(null);

export function useTabs(): Tabs {
  const t = useContext(TabsCtx);
  if (!t) throw new Error('useTabs outside TabsProvider');
  return t;
}

/** Visited and cached views of the tab row (spec part 1 §4). */
export function TabsProvider({ activeKey, children }: { activeKey: string; children: ReactNode }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [views, setViews] = useState<TabView[]>([]);
  const [generations, setGenerations] = useState<Record<string, number>>({});

  const apply = useCallback(
    (change: TabChange) => {
      setViews(change.views);
      if (change.next) navigate(change.next);
    },
    [navigate],
  );

  const refresh = useCallback(
    (key: string) => {
      setGenerations((g) => ({ ...g, [key]: (g[key] ?? 0) + 1 }));
      // the page mounts afresh and reads its data again; the session itself stays
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
    [qc],
  );

  const value = useMemo<Tabs>(
    () => ({
      views,
      activeKey,
      generation: (key) => generations[key] ?? 0,
      open: (view) => setViews((vs) => addView(vs, view)),
      close: (key) => apply(closeView(views, key, activeKey)),
      closeOthers: (key) => apply(closeOthers(views, key, activeKey)),
      closeAll: () => apply(closeAll(views, activeKey)),
      refresh,
    }),
    [views, activeKey, generations, apply, refresh],
  );
  return <TabsCtx.Provider value={value}>{children}</TabsCtx.Provider>;
}
