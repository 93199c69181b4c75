import type { Label } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session';
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
  /** Names a tab by what it shows (a record's number once read); kept when the tab is opened again. */
  rename(key: string, title: Label): void;
  /** Drops the tabs a predicate refuses (pages no longer in the user's menu after a reload). */
  retain(keep: (key: string) => boolean): void;
}

const TabsCtx = createContext<Tabs | null>(null);

export function useTabs(): Tabs {
  const t = useContext(TabsCtx);
  if (!t) throw new Error('useTabs outside TabsProvider');
  return t;
}

/** Visited and cached views of the tab row (spec part 1 §4). */
const storageKey = (userId: number) => `tabs:${userId}`;

/** The tab row survives a reload of the page (not a new sign-in: the key is per user and per browser tab). */
function loadViews(userId: number): TabView[] {
  try {
    const raw = sessionStorage.getItem(storageKey(userId));
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list)
      ? list.filter(
          (v): v is TabView => typeof v?.key === 'string' && typeof v?.fullPath === 'string' && !!v?.title,
        )
      : [];
  } catch {
    return [];
  }
}

export function TabsProvider({ activeKey, children }: { activeKey: string; children: ReactNode }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { userId } = useSession();
  const [views, setViews] = useState<TabView[]>(() => loadViews(userId));
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey(userId), JSON.stringify(views));
    } catch {
      // storage full or disabled: the tabs then last until the next reload
    }
  }, [views, userId]);
  const [generations, setGenerations] = useState<Record<string, number>>({});

  const apply = useCallback(
    (change: TabChange) => {
      setViews(change.views);
      if (change.next) navigate(change.next);
    },
    [navigate],
  );

  // names pages gave their tabs (a record's number): the layout opens a tab again on every render
  // of its route, with the route's own title, which must not undo them
  const named = useRef(new Map<string, Label>());
  // stable: the layout opens a tab from an effect, which must not run again because the list changed
  const open = useCallback(
    (view: TabView) =>
      setViews((vs) => addView(vs, { ...view, title: named.current.get(view.key) ?? view.title })),
    [],
  );
  const rename = useCallback((key: string, title: Label) => {
    named.current.set(key, title);
    setViews((vs) =>
      vs.some((v) => v.key === key && (v.title.zh !== title.zh || v.title.en !== title.en))
        ? vs.map((v) => (v.key === key ? { ...v, title } : v))
        : vs,
    );
  }, []);
  const retain = useCallback(
    (keep: (key: string) => boolean) =>
      setViews((vs) => (vs.every((v) => keep(v.key)) ? vs : vs.filter((v) => keep(v.key)))),
    [],
  );

  const refresh = useCallback(
    (key: string, fullPath?: string) => {
      setGenerations((g) => ({ ...g, [key]: (g[key] ?? 0) + 1 }));
      // refreshing another tab shows it, so that its page reads its data now
      if (fullPath) navigate(fullPath);
      // the page mounts afresh and reads its data again; the session itself stays
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
    [qc, navigate],
  );

  const value = useMemo<Tabs>(
    () => ({
      views,
      activeKey,
      generation: (key) => generations[key] ?? 0,
      open,
      close: (key) => apply(closeView(views, key, activeKey)),
      closeOthers: (key) => apply(closeOthers(views, key, activeKey)),
      closeAll: () => apply(closeAll(views, activeKey)),
      refresh: (key) => {
        const view = views.find((v) => v.key === key);
        refresh(key, key === activeKey ? undefined : view?.fullPath);
      },
      retain,
      rename,
    }),
    [views, activeKey, generations, apply, refresh, open, retain, rename],
  );
  return <TabsCtx.Provider value={value}>{children}</TabsCtx.Provider>;
}
