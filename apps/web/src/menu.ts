import type { Label, MenuPage, ModuleManifest } from '@mes/model';

export interface PageEntry {
  page: MenuPage;
  module: ModuleManifest;
  groupLabel: Label;
}

/** Modules that have a menu, in their declared order (spec part 1 §2: top modules sorted by Ser_NO). */
export function menuModules(modules: ModuleManifest[]): ModuleManifest[] {
  return modules.filter((m) => m.menu.some((g) => g.pages.length > 0)).sort((a, b) => a.order - b.order);
}

export function allPages(modules: ModuleManifest[]): PageEntry[] {
  return menuModules(modules).flatMap((module) =>
    module.menu.flatMap((g) => g.pages.map((page) => ({ page, module, groupLabel: g.label }))),
  );
}

/** The page a location belongs to: its own path or a deeper one (`/setting/factory/12`). */
export function pageOfPath(pages: PageEntry[], pathname: string): PageEntry | undefined {
  let best: PageEntry | undefined;
  for (const p of pages)
    if (pathname === p.page.path || pathname.startsWith(`${p.page.path}/`))
      if (!best || p.page.path.length > best.page.path.length) best = p;
  return best;
}
