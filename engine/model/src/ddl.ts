import { CUSTOM_FIELD_NAMES, columnOf, type EntityDef, type Fields, lineTable } from './entity';
import type { FieldDef } from './fields';
import type { Registry } from './module';

/** The database shape the declarations call for; migrations move the database from one to the next. */
export interface ColumnSnap {
  type: string;
  notNull?: boolean;
  default?: string;
  /** `table` whose id this column links to; `cascade` when rows die with their parent. */
  references?: { table: string; cascade?: boolean };
  unique?: boolean;
  index?: boolean;
  /** The index leaves out the rows where the column is null (set for every nullable indexed column). */
  indexSkipsNulls?: boolean;
}
export interface TableSnap {
  idStart?: number;
  fillfactor?: number;
  columns: Record<string, ColumnSnap>;
  /** Unique indexes ignore void (state 0) rows of documents. */
  uniqueWhere?: string;
}
export interface Snapshot {
  version: 1;
  tables: Record<string, TableSnap>;
}

function columnType(f: FieldDef): string {
  switch (f.kind) {
    case 'text':
      return f.max > 4000 ? 'text' : `varchar(${f.max})`;
    case 'int':
    case 'enum':
      return 'integer';
    case 'decimal':
      return `numeric(${f.precision},${f.scale})`;
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'ref':
      return 'bigint';
  }
}

function fieldColumns(fields: Fields, registry: Registry): Record<string, ColumnSnap> {
  const cols: Record<string, ColumnSnap> = {};
  for (const [name, f] of Object.entries(fields)) {
    const c: ColumnSnap = { type: columnType(f) };
    if (f.required) c.notNull = true;
    if (f.kind === 'bool') {
      c.notNull = true;
      c.default = String(f.default ?? false);
    }
    if (f.kind === 'enum' && f.default !== undefined) c.default = String(f.default);
    if (f.kind === 'ref') {
      // the target is looked up even without a key: a reference to an unknown entity is an error
      const target = registry.get(f.entity).table;
      if (f.foreignKey !== false) c.references = { table: target };
      // a unique index, or a composite one leading with the column, serves as its index
      if (!f.unique && !f.indexedBy) c.index = true;
    }
    if (f.unique) c.unique = true;
    cols[columnOf(name)] = c;
  }
  return cols;
}

function standardColumns(def: EntityDef): Record<string, ColumnSnap> {
  const cols: Record<string, ColumnSnap> = {};
  for (const n of CUSTOM_FIELD_NAMES) cols[columnOf(n)] = { type: 'varchar(500)' };
  cols.tag_value = { type: 'varchar(500)' };
  // only documents are listed by state (draft, in approval, void...); elsewhere every row has the
  // same one or two values, which an index would not narrow but every insert would pay for
  cols.state = {
    type: 'smallint',
    notNull: true,
    default: '1',
    ...(def.kind === 'document' ? { index: true } : {}),
  };
  // a user whose data authority is own records or own department's sees documents by creator
  // (dataScope): without an index, every list page of such a user counted through the whole table
  cols.created_by = { type: 'bigint', ...(def.kind === 'document' ? { index: true } : {}) };
  cols.created_at = { type: 'timestamptz', notNull: true, default: 'now()' };
  cols.updated_by = { type: 'bigint' };
  cols.updated_at = { type: 'timestamptz', notNull: true, default: 'now()' };
  cols.version = { type: 'integer', notNull: true, default: '1' };
  return cols;
}

export function entityTables(def: EntityDef, registry: Registry): Record<string, TableSnap> {
  const approval: Record<string, ColumnSnap> = def.features.approval
    ? {
        approve_level: { type: 'integer', notNull: true, default: '0' },
        next_user_id: { type: 'bigint', index: true },
        approved_by: { type: 'bigint' },
        approved_at: { type: 'timestamptz' },
      }
    : {};
  const tables: Record<string, TableSnap> = {
    [def.table]: {
      ...(def.idStart ? { idStart: def.idStart } : {}),
      ...(def.fillfactor ? { fillfactor: def.fillfactor } : {}),
      columns: { ...fieldColumns(def.fields, registry), ...standardColumns(def), ...approval },
      ...(def.kind === 'document' ? { uniqueWhere: 'state <> 0' } : {}),
    },
  };
  for (const [key, lines] of Object.entries(def.lines)) {
    tables[lineTable(def, key)] = {
      ...(lines.fillfactor ? { fillfactor: lines.fillfactor } : {}),
      columns: {
        parent_id: {
          type: 'bigint',
          notNull: true,
          references: { table: def.table, cascade: true },
          index: true,
        },
        line_no: { type: 'integer', notNull: true },
        ...fieldColumns(lines.fields, registry),
      },
    };
  }
  // an optional link is mostly empty (a line's bucket, a document's customer): its index keeps
  // only the rows that have one, which is all an equality lookup or a foreign key check reads,
  // and a row without one costs no index write
  for (const t of Object.values(tables))
    for (const c of Object.values(t.columns)) if (c.index && !c.notNull) c.indexSkipsNulls = true;
  return tables;
}

export function snapshotOf(registry: Registry): Snapshot {
  const tables: Record<string, TableSnap> = {};
  for (const def of registry.all()) Object.assign(tables, entityTables(def, registry));
  const sorted: Record<string, TableSnap> = {};
  for (const t of Object.keys(tables).sort()) sorted[t] = tables[t];
  return { version: 1, tables: sorted };
}

const q = (id: string) => `"${id}"`;

function columnSql(name: string, c: ColumnSnap): string {
  return `${q(name)} ${c.type}${c.notNull ? ' NOT NULL' : ''}${c.default !== undefined ? ` DEFAULT ${c.default}` : ''}`;
}

function indexStatements(table: string, t: TableSnap, col: string, c: ColumnSnap): string[] {
  const out: string[] = [];
  if (c.unique)
    out.push(
      `CREATE UNIQUE INDEX ${q(`ux_${table}_${col}`)} ON ${q(table)} (${q(col)})${t.uniqueWhere ? ` WHERE ${t.uniqueWhere}` : ''}`,
    );
  if (c.index)
    out.push(
      `CREATE INDEX ${q(`ix_${table}_${col}`)} ON ${q(table)} (${q(col)})${c.indexSkipsNulls ? ` WHERE ${q(col)} IS NOT NULL` : ''}`,
    );
  return out;
}

function fkStatement(table: string, col: string, c: ColumnSnap): string[] {
  if (!c.references) return [];
  return [
    `ALTER TABLE ${q(table)} ADD CONSTRAINT ${q(`fk_${table}_${col}`)} FOREIGN KEY (${q(col)}) REFERENCES ${q(c.references.table)} (id) ON DELETE ${c.references.cascade ? 'CASCADE' : 'RESTRICT'}`,
  ];
}

/**
 * SQL that turns the `from` shape into the `to` shape. Drops are emitted last and marked, so that
 * a reviewer sees them before the migration is committed.
 */
export function diffSnapshots(from: Snapshot, to: Snapshot): string[] {
  const creates: string[] = [];
  const alters: string[] = [];
  const redo: string[] = [];
  const indexes: string[] = [];
  const fks: string[] = [];
  const drops: string[] = [];
  for (const [table, t] of Object.entries(to.tables)) {
    const old = from.tables[table];
    if (!old) {
      const identity = `GENERATED BY DEFAULT AS IDENTITY${t.idStart ? ` (START WITH ${t.idStart})` : ''}`;
      const cols = [
        `"id" bigint ${identity} PRIMARY KEY`,
        ...Object.entries(t.columns).map(([n, c]) => columnSql(n, c)),
      ];
      creates.push(
        `CREATE TABLE ${q(table)} (\n  ${cols.join(',\n  ')}\n)${t.fillfactor ? ` WITH (fillfactor = ${t.fillfactor})` : ''}`,
      );
      for (const [n, c] of Object.entries(t.columns)) {
        indexes.push(...indexStatements(table, t, n, c));
        fks.push(...fkStatement(table, n, c));
      }
      continue;
    }
    // pages written from now on keep the room; the rows already there move as they are updated
    if (old.fillfactor !== t.fillfactor)
      alters.push(
        t.fillfactor
          ? `ALTER TABLE ${q(table)} SET (fillfactor = ${t.fillfactor})`
          : `ALTER TABLE ${q(table)} RESET (fillfactor)`,
      );
    for (const [n, c] of Object.entries(t.columns)) {
      const was = old.columns[n];
      if (!was) {
        alters.push(`ALTER TABLE ${q(table)} ADD COLUMN ${columnSql(n, c)}`);
        indexes.push(...indexStatements(table, t, n, c));
        fks.push(...fkStatement(table, n, c));
        continue;
      }
      if (was.type !== c.type)
        alters.push(`ALTER TABLE ${q(table)} ALTER COLUMN ${q(n)} TYPE ${c.type} USING ${q(n)}::${c.type}`);
      if (!!was.notNull !== !!c.notNull)
        alters.push(`ALTER TABLE ${q(table)} ALTER COLUMN ${q(n)} ${c.notNull ? 'SET' : 'DROP'} NOT NULL`);
      if (was.default !== c.default)
        alters.push(
          `ALTER TABLE ${q(table)} ALTER COLUMN ${q(n)} ${c.default !== undefined ? `SET DEFAULT ${c.default}` : 'DROP DEFAULT'}`,
        );
      // an index that changes is dropped before the one of the same name is made again
      if (!!was.unique !== !!c.unique) {
        if (was.unique) redo.push(`DROP INDEX IF EXISTS ${q(`ux_${table}_${n}`)}`);
        indexes.push(...indexStatements(table, t, n, { ...c, index: false }));
      }
      if (!!was.index !== !!c.index || (!!c.index && !!was.indexSkipsNulls !== !!c.indexSkipsNulls)) {
        if (was.index) redo.push(`DROP INDEX IF EXISTS ${q(`ix_${table}_${n}`)}`);
        indexes.push(...indexStatements(table, t, n, { ...c, unique: false }));
      }
      if (JSON.stringify(was.references) !== JSON.stringify(c.references)) {
        if (was.references)
          drops.push(`ALTER TABLE ${q(table)} DROP CONSTRAINT IF EXISTS ${q(`fk_${table}_${n}`)}`);
        fks.push(...fkStatement(table, n, c));
      }
    }
    for (const n of Object.keys(old.columns))
      if (!t.columns[n]) drops.push(`-- review: drops data\nALTER TABLE ${q(table)} DROP COLUMN ${q(n)}`);
  }
  for (const table of Object.keys(from.tables))
    if (!to.tables[table]) drops.push(`-- review: drops data\nDROP TABLE ${q(table)} CASCADE`);
  return [...creates, ...alters, ...redo, ...indexes, ...fks, ...drops];
}

export const STATEMENT_BREAK = '\n--> statement-breakpoint\n';

export function migrationSql(statements: string[]): string {
  return `${statements.map((s) => `${s};`).join(STATEMENT_BREAK)}\n`;
}

export function splitMigration(sqlText: string): string[] {
  return sqlText
    .split(STATEMENT_BREAK)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => s.replace(/--[^\n]*\n?/g, '').trim().length > 0);
}

export const EMPTY_SNAPSHOT: Snapshot = { version: 1, tables: {} };
