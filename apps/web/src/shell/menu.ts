import type { Label, Lang } from '@mes/model';
import { matchesName } from './pinyin';

/** A button the user holds on a page (GET /ModuleMenu/GetUserMenu). */
export interface MenuButton {
  Button_Code: string;
  Button_Name: string;
  Button_Name_En: string;
}

/** One node of the user's menu tree: Menu_Type 1 module, 2 group, 3 page. */
export interface MenuNode {
  Menu_ID: number;
  Parent_Menu_ID?: number | null;
  Menu_Code: string;
  Menu_Name: string;
  Menu_Name_En?: string | null;
  Menu_Type: number;
  Ser_NO: number;
  Route?: string | null;
  Icon?: string | null;
  Entity_Name?: string | null;
  Opera_Type?: number;
  Role_UserName?: string;
  ButtonDtl?: MenuButton[];
  children?: MenuNode[];
}

/** Route meta of spec part 1 §3, plus what a page needs to serve itself. */
export interface RouteMeta {
  path: string;
  title: Label;
  icon?: string;
  Menu_Name?: string;
  Menu_ID?: number;
  Menu_Code?: string;
  Role_UserName?: string;
  Opera_Type?: number;
  Entity_Name?: string;
  buttons?: string[];
  /** Always-open tab (the dashboard). */
  affix?: boolean;
  /** Not kept alive when another tab is shown. */
  noCache?: boolean;
  /** The module the page belongs to (its Menu_Code). */
  parent?: string;
  /** Shown without the sidebar (the first-run wizard). */
  noSidebar?: boolean;
}

export const nameOf = (n: Pick<MenuNode, 'Menu_Name' | 'Menu_Name_En'>, lang: Lang): string =>
  lang === 'en' && n.Menu_Name_En ? n.Menu_Name_En : n.Menu_Name;

export const labelOfMenu = (n: Pick<MenuNode, 'Menu_Name' | 'Menu_Name_En'>): Label => ({
  zh: n.Menu_Name,
  en: n.Menu_Name_En || n.Menu_Name,
});

const bySerNo = (a: MenuNode, b: MenuNode) => a.Ser_NO - b.Ser_NO || a.Menu_ID - b.Menu_ID;

/** Modules in Ser_NO order, each level sorted too, without empty groups or modules. */
export function sortMenu(tree: readonly MenuNode[]): MenuNode[] {
  const walk = (nodes: readonly MenuNode[]): MenuNode[] =>
    [...nodes]
      .sort(bySerNo)
      .map((n) => ({ ...n, children: n.children ? walk(n.children) : [] }))
      .filter((n) => n.Menu_Type === 3 || (n.children?.length ?? 0) > 0);
  return walk(tree.filter((n) => n.Menu_Type === 1));
}

export interface PageEntry {
  page: MenuNode;
  group?: MenuNode;
  module: MenuNode;
}

/** Every page with a route, in menu order, with its group and module. */
export function menuPages(tree: readonly MenuNode[]): PageEntry[] {
  const out: PageEntry[] = [];
  const visit = (n: MenuNode, module: MenuNode, group?: MenuNode) => {
    if (n.Menu_Type === 3) {
      if (n.Route) out.push({ page: n, group, module });
      return;
    }
    for (const c of n.children ?? []) visit(c, module, n.Menu_Type === 2 ? n : group);
  };
  for (const m of sortMenu(tree)) for (const c of m.children ?? []) visit(c, m);
  return out;
}

/** Only menus returned for the user become routes: one per page, carrying its menu entry's meta. */
export function generateRoutes(tree: readonly MenuNode[]): RouteMeta[] {
  const seen = new Set<string>();
  const routes: RouteMeta[] = [];
  for (const { page, module } of menuPages(tree)) {
    const path = normalisePath(page.Route ?? '');
    // a path served twice would make two tabs of one page; the first in menu order wins
    if (!path || seen.has(path)) continue;
    seen.add(path);
    routes.push({
      path,
      title: labelOfMenu(page),
      icon: page.Icon ?? module.Icon ?? undefined,
      Menu_Name: page.Menu_Name,
      Menu_ID: page.Menu_ID,
      Menu_Code: page.Menu_Code,
      Role_UserName: page.Role_UserName,
      Opera_Type: page.Opera_Type,
      Entity_Name: page.Entity_Name ?? undefined,
      buttons: (page.ButtonDtl ?? []).map((b) => b.Button_Code),
      parent: module.Menu_Code,
    });
  }
  return routes;
}

export function normalisePath(p: string): string {
  const path = p.trim().split(/[?#]/, 1)[0];
  if (!path) return '';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/**
 * Menu search: a case-insensitive contains-match on the menu name in either language, or on the
 * Chinese name's pinyin (full or initials: kucun, kc → 库存). Exact and prefix hits come first, so
 * Enter opens the most likely page.
 */
export function searchMenus(pages: readonly PageEntry[], term: string): PageEntry[] {
  const q = term.trim().toLowerCase();
  if (!q) return [];
  const rank = ({ page }: PageEntry) => {
    const names = [page.Menu_Name, page.Menu_Name_En ?? ''].map((n) => n.toLowerCase());
    if (names.includes(q)) return 0;
    if (names.some((n) => n.startsWith(q))) return 1;
    return 2;
  };
  return pages
    .filter(({ page }) => [page.Menu_Name, page.Menu_Name_En ?? ''].some((n) => matchesName(n, q)))
    .map((entry, i) => ({ entry, i, r: rank(entry) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.entry);
}

/** Whether the user's menu has a page at this path (the feedback entry needs UserQuestion). */
export function hasRoute(routes: readonly RouteMeta[], needle: string): boolean {
  return routes.some((r) => r.path.toLowerCase().includes(needle.toLowerCase()));
}
