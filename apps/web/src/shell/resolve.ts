import type { ModuleManifest } from '@mes/model';
import { normalisePath, type RouteMeta } from './menu';

/** A route of the shell itself (spec part 1 §2 "routes inside the main layout"). */
export interface StaticRoute extends RouteMeta {
  /** Bespoke page id (see pages/registry). */
  page: string;
  /** Menu codes of which the user needs one, else the page answers 403. */
  requires?: string[];
}

export type Resolution =
  | {
      kind: 'static';
      meta: RouteMeta;
      route: StaticRoute;
      allowed: boolean;
      /** The user's menu page of the module page the route shows (`page` is its menu code), if any. */
      lender?: RouteMeta;
    }
  | { kind: 'menu'; meta: RouteMeta }
  | {
      kind: 'record';
      meta: RouteMeta;
      id: number | 'new';
      /** The list page's title: the record's tab is renamed to it and the record's number once read. */
      listTitle: RouteMeta['title'];
    };

const RECORD_ID = /^(new|\d{1,15})$/;

/**
 * What a path shows: a shell route (merged with the user's menu entry of the same path, so that it
 * keeps its Menu_ID for favourites), a menu page, or a record of a menu page's entity
 * (`/setting/factory/12`). Null means the path is no route of this user: /404.
 */
export function resolvePath(
  pathname: string,
  statics: readonly StaticRoute[],
  routes: readonly RouteMeta[],
): Resolution | null {
  const path = normalisePath(pathname) || '/';
  const menu = routes.find((r) => r.path === path);
  const route = statics.find((s) => s.path === path);
  if (route) {
    const codes = new Set(routes.map((r) => r.Menu_Code));
    const allowed = !route.requires || route.requires.some((c) => codes.has(c));
    const { page: _page, requires: _requires, ...own } = route;
    const meta: RouteMeta = menu ? { ...menu, ...own, title: menu.title, path } : own;
    const lender = routes.find((r) => r.Menu_Code === route.page);
    return { kind: 'static', meta, route, allowed, ...(lender ? { lender } : {}) };
  }
  if (menu) return { kind: 'menu', meta: menu };
  const cut = path.lastIndexOf('/');
  const base = routes.find((r) => r.path === path.slice(0, cut) && r.Entity_Name);
  const id = path.slice(cut + 1);
  if (base && RECORD_ID.test(id)) {
    // the record's tab says which record it is, beside its list's tab
    const suffix = id === 'new' ? { zh: ' · 新增', en: ' · new' } : { zh: ` #${id}`, en: ` #${id}` };
    const title = { zh: base.title.zh + suffix.zh, en: base.title.en + suffix.en };
    return {
      kind: 'record',
      meta: { ...base, path, title, noCache: true },
      id: id === 'new' ? 'new' : Number(id),
      listTitle: base.title,
    };
  }
  return null;
}

/**
 * Whether a path that is no route of this user is a page of the product (or a record of one): the
 * user lacks the grant, and sees "no permission" rather than a 404 that says the page does not exist.
 */
export function isProductPage(pathname: string, modules: readonly ModuleManifest[]): boolean {
  const path = normalisePath(pathname) || '/';
  const parent = path.slice(0, path.lastIndexOf('/'));
  for (const m of modules)
    for (const g of m.menu)
      for (const p of g.pages) {
        const own = normalisePath(p.path);
        if (own === path || (own === parent && RECORD_ID.test(path.slice(parent.length + 1)))) return true;
      }
  return false;
}
