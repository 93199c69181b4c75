import { describe, expect, it } from 'vitest';
import {
  diffSnapshots,
  EMPTY_SNAPSHOT,
  migrationSql,
  type Snapshot,
  snapshotOf,
  splitMigration,
} from './ddl';
import { defineEntity } from './entity';
import { decimal, ref, text } from './fields';
import { defineModule, Registry } from './module';

const label = { zh: 'x', en: 'x' };
const mk = (extra = {}) => {
  const parent = defineEntity({
    name: 'Parent',
    label,
    kind: 'master',
    fields: { Code: text(label, { required: true, unique: true }), ...extra },
    display: 'Code',
  });
  const child = defineEntity({
    name: 'Child',
    label,
    kind: 'document',
    fields: { Parent_ID: ref(label, 'Parent', 'Code'), Amount: decimal(label, { precision: 12, scale: 2 }) },
    lines: { Rows: { label, fields: { Qty: decimal(label) } } },
    display: 'Amount',
  });
  return new Registry([defineModule({ code: 'm', label, order: 1, entities: [parent, child], menu: [] })]);
};

describe('snapshot and DDL', () => {
  const snap = snapshotOf(mk());
  it('derives tables with the standard columns, lines tables and links', () => {
    expect(Object.keys(snap.tables)).toEqual(['child', 'child_rows', 'parent']);
    const cols = snap.tables.child.columns;
    for (const c of [
      'extension_field1',
      'extension_field6',
      'tag_value',
      'state',
      'created_by',
      'created_at',
      'updated_by',
      'updated_at',
      'version',
    ])
      expect(cols[c], c).toBeDefined();
    expect(cols.amount.type).toBe('numeric(12,2)');
    expect(cols.parent_id.references).toEqual({ table: 'parent' });
    expect(snap.tables.child_rows.columns.parent_id.references).toEqual({ table: 'child', cascade: true });
  });
  it('creates everything from empty, foreign keys after tables', () => {
    const sql = diffSnapshots(EMPTY_SNAPSHOT, snap);
    const firstFk = sql.findIndex((s) => s.includes('FOREIGN KEY'));
    const lastCreate = sql.map((s) => s.startsWith('CREATE TABLE')).lastIndexOf(true);
    expect(firstFk).toBeGreaterThan(lastCreate);
    expect(sql.some((s) => s.includes('CREATE UNIQUE INDEX "ux_parent_code"'))).toBe(true);
    expect(diffSnapshots(snap, snap)).toEqual([]);
  });
  it('adds, alters and (marked) drops columns', () => {
    const next = snapshotOf(mk({ Name: text(label, { max: 50 }) }));
    expect(diffSnapshots(snap, next)).toEqual(['ALTER TABLE "parent" ADD COLUMN "name" varchar(50)']);
    const widened: Snapshot = JSON.parse(JSON.stringify(next));
    widened.tables.parent.columns.name = { type: 'varchar(80)', notNull: true };
    expect(diffSnapshots(next, widened)).toEqual([
      'ALTER TABLE "parent" ALTER COLUMN "name" TYPE varchar(80) USING "name"::varchar(80)',
      'ALTER TABLE "parent" ALTER COLUMN "name" SET NOT NULL',
    ]);
    expect(diffSnapshots(next, snap)[0]).toMatch(
      /-- review: drops data\nALTER TABLE "parent" DROP COLUMN "name"/,
    );
  });
  it('indexes state and creator only on documents, and a ref that a unique or a named index already serves not again', () => {
    expect(snap.tables.child.columns.state.index).toBe(true);
    expect(snap.tables.parent.columns.state.index).toBeUndefined();
    // documents are seen by creator under a data authority of own records or department
    expect(snap.tables.child.columns.created_by).toMatchObject({ index: true, indexSkipsNulls: true });
    expect(snap.tables.parent.columns.created_by.index).toBeUndefined();
    expect(snap.tables.child.columns.parent_id.index).toBe(true);
    const served = snapshotOf(
      new Registry([
        defineModule({
          code: 'm',
          label,
          order: 1,
          entities: [
            defineEntity({
              name: 'Parent',
              label,
              kind: 'master',
              fields: { Code: text(label, { required: true, unique: true }) },
              display: 'Code',
            }),
            defineEntity({
              name: 'Entry',
              label,
              kind: 'log',
              fields: {
                Parent_ID: ref(label, 'Parent', 'Code', { indexedBy: 'ix_entry_parent_date' }),
                Only_ID: ref(label, 'Parent', 'Code', { unique: true }),
                Loose_ID: ref(label, 'Parent', 'Code', { foreignKey: false }),
              },
              display: 'Parent_ID',
            }),
          ],
          menu: [],
        }),
      ]),
    ).tables.entry.columns;
    expect(served.parent_id).toEqual({ type: 'bigint', references: { table: 'parent' } });
    expect(served.only_id.index).toBeUndefined();
    expect(served.only_id.unique).toBe(true);
    // no key, still its index (lookups, and the engine's check before a delete)
    expect(served.loose_id).toEqual({ type: 'bigint', index: true, indexSkipsNulls: true });
  });
  it('drops an index that changes before making the one of the same name', () => {
    const next: Snapshot = JSON.parse(JSON.stringify(snap));
    next.tables.child.columns.parent_id.index = false;
    next.tables.parent.columns.code.unique = false;
    next.tables.parent.columns.code.index = true;
    expect(diffSnapshots(snap, next)).toEqual([
      'DROP INDEX IF EXISTS "ix_child_parent_id"',
      'DROP INDEX IF EXISTS "ux_parent_code"',
      'CREATE INDEX "ix_parent_code" ON "parent" ("code")',
    ]);
    // the unique index stays when only the plain one goes
    const kept: Snapshot = JSON.parse(JSON.stringify(snap));
    kept.tables.parent.columns.code.index = true;
    expect(diffSnapshots(snap, kept)).toEqual(['CREATE INDEX "ix_parent_code" ON "parent" ("code")']);
  });
  it('indexes an optional link only where it is set, and makes the index again when that changes', () => {
    // child.parent_id is optional; lines' parent_id is required
    expect(snap.tables.child.columns.parent_id.indexSkipsNulls).toBe(true);
    expect(snap.tables.child_rows.columns.parent_id.indexSkipsNulls).toBeUndefined();
    const created = diffSnapshots(EMPTY_SNAPSHOT, snap);
    expect(created).toContain(
      'CREATE INDEX "ix_child_parent_id" ON "child" ("parent_id") WHERE "parent_id" IS NOT NULL',
    );
    expect(created).toContain('CREATE INDEX "ix_child_rows_parent_id" ON "child_rows" ("parent_id")');
    const required: Snapshot = JSON.parse(JSON.stringify(snap));
    required.tables.child.columns.parent_id.notNull = true;
    delete required.tables.child.columns.parent_id.indexSkipsNulls;
    expect(diffSnapshots(snap, required)).toEqual([
      'ALTER TABLE "child" ALTER COLUMN "parent_id" SET NOT NULL',
      'DROP INDEX IF EXISTS "ix_child_parent_id"',
      'CREATE INDEX "ix_child_parent_id" ON "child" ("parent_id")',
    ]);
  });
  it('leaves room on the pages of a table whose rows are updated in place (fillfactor)', () => {
    const next: Snapshot = JSON.parse(JSON.stringify(snap));
    next.tables.parent.fillfactor = 70;
    expect(diffSnapshots(snap, next)).toEqual(['ALTER TABLE "parent" SET (fillfactor = 70)']);
    expect(diffSnapshots(next, snap)).toEqual(['ALTER TABLE "parent" RESET (fillfactor)']);
    expect(diffSnapshots(EMPTY_SNAPSHOT, next).find((s) => s.startsWith('CREATE TABLE "parent"'))).toMatch(
      / WITH \(fillfactor = 70\)$/,
    );
    expect(() =>
      defineEntity({
        name: 'Bad',
        label,
        kind: 'log',
        fields: { Code: text(label) },
        display: 'Code',
        fillfactor: 5,
      }),
    ).toThrow(/fillfactor/);
  });
  it('gives a lines table the fillfactor its declaration states, and refuses one out of range', () => {
    const lines = (fillfactor: number) =>
      defineEntity({
        name: 'Doc',
        label,
        kind: 'document',
        fields: { Code: text(label) },
        lines: { Rows: { label, fields: { Qty: decimal(label) }, fillfactor } },
        display: 'Code',
      });
    const registry = new Registry([
      defineModule({ code: 'm', label, order: 1, entities: [lines(70)], menu: [] }),
    ]);
    const withRoom = snapshotOf(registry);
    expect(withRoom.tables.doc_rows.fillfactor).toBe(70);
    expect(withRoom.tables.doc.fillfactor).toBeUndefined();
    const created = diffSnapshots(EMPTY_SNAPSHOT, withRoom).find((s) =>
      s.startsWith('CREATE TABLE "doc_rows"'),
    );
    expect(created).toMatch(/ WITH \(fillfactor = 70\)$/);
    expect(() => lines(101)).toThrow(/Doc\.Rows: fillfactor/);
  });
  it('round-trips statements through a migration file', () => {
    const sql = diffSnapshots(EMPTY_SNAPSHOT, snap);
    expect(splitMigration(migrationSql(sql))).toEqual(sql);
  });
});
