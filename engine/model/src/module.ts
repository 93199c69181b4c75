import { type EntityDef, textSearchFields } from './entity';
import type { Label } from './i18n';

/** A page in the menu tree (Menu_Type 3); entity pages are derived, bespoke ones name their component. */
export interface MenuPage {
  code: string;
  label: Label;
  path: string;
  /** Entity whose generic list/form serves this page. */
  entity?: string;
  icon?: string;
}

export interface MenuGroup {
  code: string;
  label: Label;
  pages: MenuPage[];
  /** Position among the module's groups when several manifests add groups to one module. */
  order?: number;
  /** Code of the module whose menu the group joins, when not the declaring manifest's own. */
  module?: string;
}

export interface ModuleManifest {
  code: string;
  label: Label;
  icon?: string;
  order: number;
  entities: EntityDef[];
  menu: MenuGroup[];
}

export function defineModule(m: ModuleManifest): ModuleManifest {
  return m;
}

/** The set of entities the running product knows, by wire name. */
/** The first menu page whose generic list serves the entity: where a link to one of its records opens. */
export function pageOfEntity(registry: Registry, entity: string): MenuPage | undefined {
  for (const m of registry.modules)
    for (const g of m.menu) for (const p of g.pages) if (p.entity === entity) return p;
  return undefined;
}

export class Registry {
  readonly entities = new Map<string, EntityDef>();
  constructor(readonly modules: ModuleManifest[]) {
    for (const m of modules)
      for (const e of m.entities) {
        if (this.entities.has(e.name)) throw new Error(`Entity ${e.name} declared twice`);
        this.entities.set(e.name, e);
      }
    for (const e of this.entities.values())
      for (const [n, f] of Object.entries(e.fields))
        if (f.kind === 'ref' && !this.entities.has(f.entity))
          throw new Error(`${e.name}.${n} links to unknown ${f.entity}`);
    // a picker narrowed by another field (RefField.filterBy) needs both fields to exist
    for (const e of this.entities.values())
      for (const fields of [e.fields, ...Object.values(e.lines).map((l) => l.fields)])
        for (const [n, f] of Object.entries(fields)) {
          if (f.kind !== 'ref' || !f.filterBy) continue;
          if (!(f.filterBy.by in e.fields))
            throw new Error(`${e.name}.${n}: filterBy.by ${f.filterBy.by} unknown`);
          if (!(f.filterBy.field in this.get(f.entity).fields))
            throw new Error(`${e.name}.${n}: filterBy.field ${f.filterBy.field} not in ${f.entity}`);
        }
    // a reference in a list's search matches the referenced record's own text search fields
    for (const e of this.entities.values())
      for (const n of e.list.search) {
        const f = e.fields[n];
        if (f?.kind === 'ref' && !textSearchFields(this.get(f.entity)).length)
          throw new Error(`${e.name}: search field ${n} links to ${f.entity}, which searches no text field`);
      }
  }
  get(name: string): EntityDef {
    const e = this.entities.get(name);
    if (!e) throw new Error(`Unknown entity ${name}`);
    return e;
  }
  all(): EntityDef[] {
    return [...this.entities.values()];
  }
}
