import type { EntityDef, Registry } from '@mes/model';
import { sql } from 'kysely';

/** Buttons of DESIGN.md §4; `view` is implied by any grant of the menu. */
export const BUTTONS = [
  'view',
  'add',
  'edit',
  'delete',
  'approve',
  'unapprove',
  'reject',
  'close',
  'print',
  'export',
  'import',
  /** defining the page's custom fields (MenuExtend), apart from editing its records */
  'config',
] as const;
export type Button = (typeof BUTTONS)[number];

export interface Grant {
  menuId: number;
  buttons: Set<string>;
  operaType: number;
}

export interface Grants {
  isAdmin: boolean;
  menus: Map<string, Grant>;
  roleNames: string[];
}

/** One row per role and granted menu, as the session lookup reads them (see `grantRowsSql`). */
export interface GrantRow {
  role_name: string;
  is_admin: boolean;
  menu_code: string | null;
  menu_id: number | null;
  buttons: string | null;
  opera_type: number | null;
}

/**
 * The grant rows of the user `u.id` as one JSON array, to ride along in the session lookup: every
 * request needs both, so they cost one statement together.
 */
export const grantRowsSql = sql<GrantRow[]>`(SELECT coalesce(json_agg(json_build_object(
    'role_name', r.role_name, 'is_admin', r.is_admin, 'menu_code', m.menu_code, 'menu_id', m.id,
    'buttons', g.buttons, 'opera_type', g.opera_type)), '[]'::json)
  FROM users_roles ur JOIN role r ON r.id = ur.role_id
  LEFT JOIN role_grants g ON g.parent_id = r.id
  LEFT JOIN module_menu m ON m.id = g.menu_id
  WHERE ur.parent_id = u.id)`;

/** The union of a user's roles: per menu code the buttons and the most permissive operation type. */
export function grantsOf(rows: GrantRow[]): Grants {
  const grants: Grants = { isAdmin: false, menus: new Map(), roleNames: [] };
  for (const r of rows) {
    if (!grants.roleNames.includes(r.role_name)) grants.roleNames.push(r.role_name);
    if (r.is_admin) grants.isAdmin = true;
    if (!r.menu_code || r.menu_id === null) continue;
    const g = grants.menus.get(r.menu_code) ?? {
      menuId: Number(r.menu_id),
      buttons: new Set<string>(),
      operaType: 1,
    };
    for (const b of (r.buttons ?? '').split(',')) if (b.trim()) g.buttons.add(b.trim());
    g.operaType = rank(r.opera_type ?? 1) > rank(g.operaType) ? (r.opera_type ?? 1) : g.operaType;
    grants.menus.set(r.menu_code, g);
  }
  return grants;
}

/** Manage all > own records > approve only > read only. */
function rank(operaType: number): number {
  return [0, 1, 4, 2, 3][operaType] ?? 0;
}

/** Which menus open an entity: its pages (for everything) and the pages that pick it (to look it up). */
export class EntityAccess {
  private readonly pages = new Map<string, Set<string>>();
  private readonly lookups = new Map<string, Set<string>>();

  constructor(registry: Registry) {
    const add = (m: Map<string, Set<string>>, entity: string, code: string) => {
      const s = m.get(entity) ?? new Set<string>();
      s.add(code);
      m.set(entity, s);
    };
    for (const def of registry.all()) if (def.menu) add(this.pages, def.name, def.menu);
    for (const mod of registry.modules)
      for (const group of mod.menu)
        for (const page of group.pages) {
          if (!page.entity) continue;
          add(this.pages, page.entity, page.code);
          for (const target of referencedEntities(registry.get(page.entity)))
            add(this.lookups, target, page.code);
        }
  }

  pageMenus(entity: string): string[] {
    return [...(this.pages.get(entity) ?? [])];
  }

  /**
   * Whether the grants allow `button` on the entity. `own` means only the user's own records (the
   * edit rule of spec part 2 §6: operation types 1 and 3 never edit, type 4 edits its own).
   */
  decide(grants: Grants, entity: string, button: Button): 'all' | 'own' | 'lookup' | false {
    if (grants.isAdmin) return 'all';
    const pages = this.pages.get(entity) ?? new Set<string>();
    if (button === 'view') {
      for (const code of pages) if (grants.menus.has(code)) return 'all';
      // a page that picks this entity may look it up: names only, not the whole record
      for (const code of this.lookups.get(entity) ?? []) if (grants.menus.has(code)) return 'lookup';
      return false;
    }
    let best: 'all' | 'own' | 'lookup' | false = false;
    for (const code of pages) {
      const g = grants.menus.get(code);
      if (!g?.buttons.has(button)) continue;
      const writes = button === 'add' || button === 'edit' || button === 'delete';
      if (writes && (g.operaType === 1 || g.operaType === 3)) continue;
      if (writes && g.operaType === 4 && button !== 'add') best ||= 'own';
      else return 'all';
    }
    return best;
  }

  /** Menu codes a user may open. */
  static canOpen(grants: Grants, code: string): boolean {
    return grants.isAdmin || grants.menus.has(code);
  }
}

function referencedEntities(def: EntityDef): string[] {
  const out = new Set<string>();
  for (const f of Object.values(def.fields)) if (f.kind === 'ref') out.add(f.entity);
  for (const l of Object.values(def.lines))
    for (const f of Object.values(l.fields)) if (f.kind === 'ref') out.add(f.entity);
  return [...out];
}
