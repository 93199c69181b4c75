import {
  checkComputed,
  englishNameOf,
  type FieldDef,
  type RefField,
  type WireValue,
  withEnglish,
} from './fields';
import type { Label } from './i18n';
import { columnOf, snake } from './names';
import type { RowRule, RuledAction } from './rules';

export type Fields = Record<string, FieldDef>;

export interface LinesDef<F extends Fields = Fields> {
  label: Label;
  fields: F;
  /** Most rows a document may carry; a bound keeps payloads and postings reasonable. */
  maxRows?: number;
  /** A button that fills the rows from the server (a stocktake from the stock on hand): see FillDef. */
  fill?: FillDef;
  /** What a clerk needs to know beside each line (the stock on hand where it takes from): see LineContextDef. */
  context?: LineContextDef;
  /**
   * The lines table's fillfactor (EntityInput.fillfactor), for lines a later step updates (a posting
   * writes the costs it found back to its document's lines): without room on their page, each such
   * update adds an entry to every index of the table.
   */
  fillfactor?: number;
}

/**
 * Lines the server can propose from what it already knows, so that a clerk does not type hundreds of
 * rows it holds (ERPNext's "Fetch Items from Warehouse" on a stock reconciliation). The button
 * replaces the rows with the answer of `GET path?param=value…`, rows shaped as the record's lines.
 */
export interface FillDef {
  label: Label;
  /** The GET route answering the rows (Data: the rows, ref display names included). */
  path: string;
  /** Header fields sent as query parameters, those filled only: the server says which it needs. */
  params: string[];
  /** Header values for which the button shows (`{ Doc_Type: 4 }`: stocktakes only); absent: always. */
  when?: Record<string, unknown>;
}

/**
 * A column beside each line showing what the server knows about the line's choice (the quantity on
 * hand at the chosen location and in all, for an issue): `GET path?param=value…` with the line's
 * `params` once all are filled answers `{ Here?, Total?, Price? }` (decimals as text). The line's
 * `qty` above `Here` (or `Total` without it) shows the shortage as a warning before saving; `Price`
 * fills the line's empty `price` (the last cost).
 */
export interface LineContextDef {
  label: Label;
  path: string;
  /** Line fields sent as query parameters; the column stays empty until the first is filled. */
  params: string[];
  /** Header values for which the column shows (`{ Doc_Type: [2, 3, 5] }`); absent: always. */
  when?: Record<string, readonly unknown[]>;
  /** the line's quantity field, checked against what is on hand */
  qty?: string;
  /** the line's price field, filled when empty */
  price?: string;
}

export interface NumberingDef {
  /** The field that receives the number (`List_NO`). */
  field: string;
  prefix: string;
  /** Period part of the number; the sequence restarts in every new period. */
  period: 'none' | 'year' | 'month' | 'day';
  digits: number;
}

export interface Features {
  tags?: boolean;
  attachments?: boolean;
  customFields?: boolean;
  /** The approval flow of DESIGN.md §5; `dateField` must be filled before approval (posting date). */
  approval?: boolean | { dateField?: string };
  /**
   * Printing (PDF). `titleBy`: an option field whose value names the printed document (a stock
   * document of type 入库 prints as 入库单 / "Receipt", not as the entity's plural label).
   */
  print?: boolean | { titleBy?: string };
  numbering?: NumberingDef;
}

/** Columns an entity with the approval feature carries, as they appear on the wire. */
export const APPROVAL_FIELDS = ['Approve_Level', 'Next_User_ID', 'Approved_By', 'Approved_At'] as const;

/**
 * master: plain master data, deleted only when nothing references it.
 * document: has a life cycle; delete voids it (state 0) and keeps the row.
 * log: written by the server only; read-only on the wire.
 */
export type EntityKind = 'master' | 'document' | 'log';

export interface Naming {
  code?: string | false;
  detail?: string | false;
  onReferences?: boolean;
  /**
   * A reference field of this entity whose target names the place it belongs to, shown before it
   * wherever it is referenced (`<Ref>_Within`, `withinNameOf`): a location reads "原料仓 / A-01 货架A01".
   */
  within?: string;
}

export interface EntityInput<F extends Fields, L extends Record<string, LinesDef>> {
  name: string;
  label: Label;
  kind: EntityKind;
  /** Wire name of the primary key (`Dept_ID`); the SQL column is always `id`. */
  key?: string;
  table?: string;
  fields: F;
  lines?: L;
  /** The field shown when another record links here. */
  display: keyof F & string;
  list?: {
    columns?: (keyof F & string)[];
    /**
     * Fields the list's KeyWord matches: text fields, and references, which match the referenced
     * record's own text search fields (a ledger row found by its material's number or name).
     */
    search?: (keyof F & string)[];
    sort?: string[];
    defaultSort?: string;
  };
  features?: Features;
  /**
   * Self-reference that makes the records a tree. Pickers show the tree (`picker: 'tree'`, the
   * default) or, for trees too large to load whole and picked by code, a search (`'search'`).
   */
  tree?: { parent: keyof F & string; picker?: 'tree' | 'search' };
  /** First generated id, when low ids are reserved for seeded rows with fixed meaning. */
  idStart?: number;
  /**
   * Percent of each table page filled by inserts (PostgreSQL's fillfactor), for rows updated in
   * place again and again (stock balances, cost pools): the room left lets an update that changes
   * no indexed column stay on its page, without new index entries.
   */
  fillfactor?: number;
  /** Menu code whose grants protect this entity's routes. */
  menu?: string;
  /** false: no generic routes (the engine or the module serves it through its own endpoints). */
  api?: boolean;
  /**
   * Where pickers search this entity, when not its list: a GET route taking KeyWord and PageSize
   * that answers rows with the key and display fields, and how long typing pauses before it asks.
   */
  lookup?: { path: string; delayMs?: number };
  /**
   * How a picker names a record beside its display field: `code` (its number or code, shown first)
   * and `detail` (its spec or model, shown last), e.g. `RM-AL-0031 铝棒 Φ20`. Left out, they are
   * found as `codeFieldOf` and `detailFieldOf` say; false switches one off. `onReferences`: every
   * reference to this entity, in lists and reads too (not only in line tables), carries its code
   * beside its name (`<Ref>_Code`, `codeNameOf`) and shows "code name" (`refShown`), for records
   * whose names repeat (four materials named 冷轧钢板, one per thickness).
   */
  naming?: Naming;
  /**
   * Named conditions a list may be filtered by (`?Unreversed=true`, or `false` for the others),
   * for slices no field comparison expresses; the entity's server hooks give their SQL (`scopes`).
   */
  scopes?: Record<string, Label>;
  /**
   * When an action is possible on a record, beyond the engine's own rule (`allows` in rules.ts):
   * `{ delete: (r) => Number(r.ID) >= 1000 }`. The list and form offer the action only then, and
   * the server refuses it otherwise.
   */
  allows?: Partial<Record<RuledAction, RowRule>>;
}

export interface EntityDef<
  F extends Fields = Fields,
  L extends Record<string, LinesDef> = Record<string, LinesDef>,
> {
  name: string;
  label: Label;
  kind: EntityKind;
  key: string;
  table: string;
  fields: F;
  display: string;
  lines: L;
  list: { columns: string[]; search: string[]; sort: string[]; defaultSort: string };
  features: Features;
  tree?: { parent: string; picker?: 'tree' | 'search' };
  idStart?: number;
  fillfactor?: number;
  menu?: string;
  api: boolean;
  lookup?: { path: string; delayMs?: number };
  naming?: Naming;
  scopes: Record<string, Label>;
  allows?: Partial<Record<RuledAction, RowRule>>;
}

export const CUSTOM_FIELD_NAMES = [
  'Extension_Field1',
  'Extension_Field2',
  'Extension_Field3',
  'Extension_Field4',
  'Extension_Field5',
  'Extension_Field6',
] as const;

/** Columns every entity table has (DESIGN.md §3), as they appear on the wire. */
export const STANDARD_FIELDS = [
  ...CUSTOM_FIELD_NAMES,
  'Tag_Value',
  'State',
  'Created_By',
  'Created_At',
  'Updated_By',
  'Updated_At',
  'Version',
] as const;

export function defineEntity<
  const F extends Fields,
  const L extends Record<string, LinesDef> = Record<never, LinesDef>,
>(declared: EntityInput<F, L>): EntityDef<F, L> {
  // bilingual text fields bring their English companions, in the entity and in its lines
  const input: EntityInput<F, L> = {
    ...declared,
    fields: withEnglish(declared.fields),
    ...(declared.lines
      ? {
          lines: Object.fromEntries(
            Object.entries(declared.lines).map(([k, l]) => [k, { ...l, fields: withEnglish(l.fields) }]),
          ) as L,
        }
      : {}),
  };
  const names = Object.keys(input.fields);
  for (const n of names) {
    if (!/^[A-Z][A-Za-z0-9]*(_[A-Za-z0-9]+)*$/.test(n))
      throw new Error(`${input.name}.${n}: wire names are Upper_Snake`);
    if ((STANDARD_FIELDS as readonly string[]).includes(n))
      throw new Error(`${input.name}.${n} is a standard column`);
  }
  const sortable = names.filter((n) => !isSecret(input.fields[n]));
  const key = input.key ?? 'ID';
  const def: EntityDef<F, L> = {
    name: input.name,
    label: input.label,
    kind: input.kind,
    key,
    table: input.table ?? snake(input.name),
    fields: input.fields,
    lines: (input.lines ?? {}) as L,
    display: input.display,
    list: {
      columns:
        input.list?.columns ??
        names.filter((n) => !input.fields[n].hiddenInList && !isSecret(input.fields[n])),
      search: withEnglishSearch(
        input.fields,
        input.list?.search ??
          names.filter((n) => input.fields[n].kind === 'text' && !isSecret(input.fields[n])),
      ),
      sort: input.list?.sort ?? [key, ...sortable, 'State', 'Created_At', 'Updated_At'],
      defaultSort: input.list?.defaultSort ?? `-${key}`,
    },
    features: input.features ?? {},
    tree: input.tree,
    idStart: input.idStart,
    fillfactor: input.fillfactor,
    menu: input.menu,
    api: input.api ?? true,
    lookup: input.lookup,
    naming: input.naming,
    scopes: input.scopes ?? {},
    allows: input.allows,
  };
  const badFill = (f: number | undefined) => f !== undefined && !(Number.isInteger(f) && f >= 10 && f <= 100);
  if (badFill(def.fillfactor)) throw new Error(`${def.name}: fillfactor is a whole percent from 10 to 100`);
  for (const [key, lines] of Object.entries(def.lines))
    if (badFill(lines.fillfactor))
      throw new Error(`${def.name}.${key}: fillfactor is a whole percent from 10 to 100`);
  if (def.features.approval && def.kind !== 'document')
    throw new Error(`${def.name}: approval needs a document`);
  const dateField = typeof def.features.approval === 'object' ? def.features.approval.dateField : undefined;
  if (dateField && !(dateField in def.fields)) throw new Error(`${def.name}: approval date field missing`);
  const numbering = def.features.numbering;
  if (numbering && !(numbering.field in def.fields)) throw new Error(`${def.name}: numbering field missing`);
  for (const f of [def.naming?.code, def.naming?.detail])
    if (f && !(f in def.fields)) throw new Error(`${def.name}: naming field ${f} missing`);
  for (const n of def.list.search) {
    const f = def.fields[n];
    if (!f || !(f.kind === 'ref' || (f.kind === 'text' && !f.secret)))
      throw new Error(`${def.name}: search field ${n} is not a text or reference field`);
  }
  checkComputed(def.name, def.fields, def.lines);
  const titleBy = typeof def.features.print === 'object' ? def.features.print.titleBy : undefined;
  if (titleBy && def.fields[titleBy]?.kind !== 'enum')
    throw new Error(`${def.name}: print title field ${titleBy} is not an option field`);
  for (const [key, l] of Object.entries(def.lines))
    for (const n of [...(l.fill?.params ?? []), ...Object.keys(l.fill?.when ?? {})])
      if (!(n in def.fields)) throw new Error(`${def.name}.${key}: fill field ${n} is not a header field`);
  for (const [key, l] of Object.entries(def.lines)) {
    const c = l.context;
    if (!c) continue;
    for (const n of Object.keys(c.when ?? {}))
      if (!(n in def.fields)) throw new Error(`${def.name}.${key}: context field ${n} is not a header field`);
    for (const n of [...c.params, ...(c.qty ? [c.qty] : []), ...(c.price ? [c.price] : [])])
      if (!(n in l.fields)) throw new Error(`${def.name}.${key}: context field ${n} is not a line field`);
  }
  for (const n of Object.keys(def.scopes))
    if (n in def.fields || !/^[A-Z][A-Za-z0-9]*(_[A-Za-z0-9]+)*$/.test(n))
      throw new Error(`${def.name}: scope ${n} needs an Upper_Snake name of its own`);
  return def;
}

/**
 * The field that identifies a record to people (`Material_Number`, `Doc_NO`, `Unit_Code`): the
 * declared `naming.code`, else the numbering field, else the first unique, non-secret text field
 * other than the display. None for entities known by their display alone.
 */
export function codeFieldOf(def: EntityDef): string | undefined {
  const declared = def.naming?.code;
  if (declared !== undefined) return declared || undefined;
  const numbered = def.features.numbering?.field;
  if (numbered && numbered !== def.display) return numbered;
  return Object.entries(def.fields).find(
    ([n, f]) => n !== def.display && f.kind === 'text' && f.unique && !f.secret,
  )?.[0];
}

/** The entities a field with `entityOf` may name: those declaring the feature, in registry order. */
export function entitiesWith(all: Iterable<EntityDef>, feature: 'print' | 'approval'): EntityDef[] {
  return [...all].filter((d) => !!d.features[feature]);
}

/** The code a reference to `target` carries beside its name in lists and reads (naming.onReferences). */
export function referenceCodeOf(target: EntityDef): string | undefined {
  return target.naming?.onReferences ? codeFieldOf(target) : undefined;
}

/** The reference field of `target` whose own target names where a record of it belongs (naming.within). */
export function withinRefOf(target: EntityDef): RefField | undefined {
  const name = target.naming?.within;
  const f = name ? target.fields[name] : undefined;
  return f?.kind === 'ref' ? f : undefined;
}

/** Tells same-named records apart in a picker: the declared `naming.detail`, else a text field named `*_Model` or `*_Spec`. */
export function detailFieldOf(def: EntityDef): string | undefined {
  const declared = def.naming?.detail;
  if (declared !== undefined) return declared || undefined;
  return Object.entries(def.fields).find(
    ([n, f]) => n !== def.display && f.kind === 'text' && /_(Model|Spec|Specification)$/.test(n),
  )?.[0];
}

/** The text fields of an entity's search, which a reference to it searches in turn. */
export function textSearchFields(def: EntityDef): string[] {
  return def.list.search.filter((n) => def.fields[n]?.kind === 'text');
}

function isSecret(f: FieldDef): boolean {
  return f.kind === 'text' && f.secret === true;
}

export function refFields(def: EntityDef): [string, RefField][] {
  return Object.entries(def.fields).filter((e): e is [string, RefField] => e[1].kind === 'ref');
}

export function lineTable(def: EntityDef, linesKey: string): string {
  return `${def.table}_${snake(linesKey)}`;
}

export { columnOf };

type Nullable<F extends FieldDef, V> = F extends { required: true } ? V : V | null;
export type RecordOf<F extends Fields> = { [K in keyof F]: Nullable<F[K], WireValue<F[K]>> };

/** What a record looks like on the wire: declared fields, key, standard columns, line arrays. */
export type WireRecord<E> =
  E extends EntityDef<infer F, infer L>
    ? RecordOf<F> & {
        Version: number;
        State: number;
        Tag_Value: string | null;
        Created_At: string;
        Updated_At: string;
        Created_By: number | null;
        Updated_By: number | null;
      } & { [K in keyof L]: RecordOf<L[K]['fields']>[] } & Record<string, unknown>
    : never;

/** A searched bilingual field is found by its English too. */
function withEnglishSearch(fields: Fields, search: string[]): string[] {
  const out: string[] = [];
  for (const n of search) {
    out.push(n);
    const f = fields[n];
    const en = englishNameOf(n);
    if (f?.kind === 'text' && f.bilingual && !search.includes(en)) out.push(en);
  }
  return out;
}
