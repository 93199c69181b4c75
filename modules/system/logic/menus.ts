import type { EntityDef, ModuleManifest, Registry } from '@mes/model';

export interface MenuRow {
  code: string;
  name: string;
  nameEn: string;
  parent: string | null;
  type: 1 | 2 | 3;
  ser: number;
  route: string | null;
  icon: string | null;
  buttons: string;
  entity: string | null;
}

/** Buttons a page offers follow from its entity's kind and features. */
export function buttonsFor(def: EntityDef | undefined): string[] {
  if (!def) return [];
  if (def.kind === 'log') return ['export'];
  const b = ['add', 'edit', 'delete', 'export', 'import'];
  if (def.features.print || def.kind === 'document') b.push('print');
  if (def.kind === 'document' || def.features.approval) b.push('approve', 'unapprove', 'reject', 'close');
  if (def.features.customFields) b.push('config');
  return b;
}

/**
 * The three-level menu from the modules' manifests: modules, groups and pages keyed by code, a
 * later manifest (a built module) winning over an earlier one (the planned catalogue).
 */
export function menuRows(modules: ModuleManifest[], registry: Registry): MenuRow[] {
  const rows = new Map<string, MenuRow>();
  const put = (r: MenuRow) => {
    const was = rows.get(r.code);
    // one code is one menu: a group and a page sharing a code would make the tree a loop
    if (was && was.type !== r.type) throw new Error(`Menu code ${r.code} is used at two levels`);
    rows.set(r.code, r);
  };
  const orderOf = new Map(modules.map((m) => [m.code, m.order]));
  const walk = (m: ModuleManifest) => {
    put({
      code: m.code,
      name: m.label.zh,
      nameEn: m.label.en,
      parent: null,
      type: 1,
      ser: m.order * 100,
      route: null,
      icon: m.icon ?? null,
      buttons: '',
      entity: null,
    });
    m.menu.forEach((grp, index) => {
      const gi = grp.order ?? index;
      // a group may join another module's menu (stock documents under the record menu)
      const order = (grp.module ? orderOf.get(grp.module) : undefined) ?? m.order;
      put({
        code: grp.code,
        name: grp.label.zh,
        nameEn: grp.label.en,
        parent: grp.module ?? m.code,
        type: 2,
        ser: order * 100 + gi + 1,
        route: null,
        icon: null,
        buttons: '',
        entity: null,
      });
      grp.pages.forEach((p, pi) => {
        const def = p.entity ? registry.get(p.entity) : undefined;
        put({
          code: p.code,
          name: p.label.zh,
          nameEn: p.label.en,
          parent: grp.code,
          type: 3,
          ser: (order * 100 + gi + 1) * 100 + pi + 1,
          route: p.path,
          icon: p.icon ?? null,
          buttons: buttonsFor(def).join(','),
          entity: p.entity ?? null,
        });
      });
    });
  };
  for (const m of modules) walk(m);
  return [...rows.values()];
}
