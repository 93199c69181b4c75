import type { Label } from '@mes/model';

/** A visited page in the tab row. `key` is the path; `fullPath` keeps the query the user opened it with. */
export interface TabView {
  key: string;
  fullPath: string;
  title: Label;
  affix?: boolean;
  noCache?: boolean;
  Menu_ID?: number;
  /** The entity a generic page lists, so that refresh can drop its cached rows. */
  Entity_Name?: string;
}

export interface TabChange {
  views: TabView[];
  /** Where to go when the active tab went away; absent to stay. */
  next?: string;
}

export const ROOT_PATH = '/';

/** Opens a tab on visit; a tab already open keeps its place and takes the newer query. Affix tabs lead. */
export function addView(views: readonly TabView[], view: TabView): TabView[] {
  const i = views.findIndex((v) => v.key === view.key);
  if (i >= 0) {
    const old = views[i];
    if (old.fullPath === view.fullPath && sameLabel(old.title, view.title)) return views as TabView[];
    const copy = [...views];
    copy[i] = { ...old, fullPath: view.fullPath, title: view.title };
    return copy;
  }
  if (view.affix) {
    const lastAffix = views.findLastIndex((v) => v.affix);
    return [...views.slice(0, lastAffix + 1), view, ...views.slice(lastAffix + 1)];
  }
  return [...views, view];
}

const sameLabel = (a: Label, b: Label) => a.zh === b.zh && a.en === b.en;

/** After the active tab closed: the last remaining tab, or the root when none is left. */
function lastOrRoot(views: readonly TabView[]): string {
  return views.length ? views[views.length - 1].fullPath : ROOT_PATH;
}

/** Affix tabs cannot be closed; closing the active tab moves to the last remaining one or the root. */
export function closeView(views: readonly TabView[], key: string, activeKey: string): TabChange {
  const target = views.find((v) => v.key === key);
  if (!target || target.affix) return { views: views as TabView[] };
  const rest = views.filter((v) => v.key !== key);
  return key === activeKey ? { views: rest, next: lastOrRoot(rest) } : { views: rest };
}

/** Keeps the affix tabs and the chosen one, and shows the chosen one. */
export function closeOthers(views: readonly TabView[], key: string, activeKey: string): TabChange {
  const kept = views.filter((v) => v.affix || v.key === key);
  const chosen = kept.find((v) => v.key === key);
  if (!chosen) return { views: kept, next: key === activeKey ? undefined : lastOrRoot(kept) };
  return key === activeKey ? { views: kept } : { views: kept, next: chosen.fullPath };
}

/** Keeps only the affix tabs; unless the active tab is one of them, goes to the last of them or the root. */
export function closeAll(views: readonly TabView[], activeKey: string): TabChange {
  const kept = views.filter((v) => v.affix);
  return kept.some((v) => v.key === activeKey) ? { views: kept } : { views: kept, next: lastOrRoot(kept) };
}

/** Tabs whose page stays mounted while hidden (keep-alive): visited, not marked noCache. */
export function cachedKeys(views: readonly TabView[]): string[] {
  return views.filter((v) => !v.noCache).map((v) => v.key);
}
