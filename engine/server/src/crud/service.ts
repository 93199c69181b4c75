import {
  allows,
  applyComputed,
  columnOf,
  computedSchema,
  createSchema,
  type EntityDef,
  type ListQuery,
  lineTable,
  listQuerySchema,
  type Paging,
  type Registry,
  STATE,
  updateSchema,
} from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { RequestContext } from '../context';
import type { Db, Row } from '../db';
import { pgCode, type Tx, withTx } from '../db/tx';
import { AppError, conflict, notFound } from '../errors';
import type { EntityHooks, HookContext } from '../hooks';
import { assignNumber, numberAtCommit, numberPlaceholder } from '../numbering';
import { changes, logInsert, writeLog } from '../oplog';
import { checkCustomFields, type Peers } from '../platform/customFields';
import { checkTagValue } from '../platform/tags';
import { parseWith } from '../validation';
import { checkRefFilters } from './refFilters';
import {
  filterSql,
  frozenSql,
  keywordSql,
  linesFromJson,
  linesSelect,
  orderSql,
  recordSelect,
  tagFilterSql,
} from './select';

type Executor = Db | Tx;

/** How many rows past a page's first row a list counts before it calls its total a lower bound. */
export const COUNT_AHEAD = 10_000;

/** The generic service of one declared entity: everything its routes do, reusable from hooks and seeds. */
export class EntityService {
  private readonly create: z.ZodType<Row>;
  private readonly update: z.ZodType<Row>;
  private readonly query: z.ZodType<ListQuery>;
  /** The computed fields' column bounds; none for the many entities that compute nothing. */
  private readonly computed: z.ZodType | null;
  /** The other entities' services, set by the engine (a custom enum may read another entity's list). */
  peers?: Peers;

  constructor(
    readonly def: EntityDef,
    private readonly registry: Registry,
    private readonly db: Db,
    readonly hooks: EntityHooks = {},
  ) {
    this.create = createSchema(def) as unknown as z.ZodType<Row>;
    this.update = updateSchema(def) as unknown as z.ZodType<Row>;
    this.query = listQuerySchema(def) as unknown as z.ZodType<ListQuery>;
    const computes = (fields: EntityDef['fields']) =>
      Object.values(fields).some((f) => f.kind === 'decimal' && f.compute);
    this.computed =
      computes(def.fields) || Object.values(def.lines).some((l) => computes(l.fields))
        ? computedSchema(def)
        : null;
  }

  /** Declared computations, refused as the client's input when a result does not fit its column. */
  private compute(data: Row, old: Row | null, ctx: RequestContext): void {
    applyComputed(this.def, data, old);
    if (this.computed) parseWith(this.computed, data, this.def, ctx.lang);
  }

  parseQuery(input: unknown, ctx: RequestContext): ListQuery {
    return parseWith(this.query, input, this.def, ctx.lang);
  }

  /**
   * `scope` is an extra condition on `t` (the user's data authority). Matching rows are counted
   * up to `countTo`, by default COUNT_AHEAD past the page's first row.
   */
  async list(
    q: ListQuery,
    ex: Executor = this.db,
    scope?: RawBuilder<unknown> | null,
    countTo?: number,
  ): Promise<{ rows: Row[]; paging: Paging }> {
    const def = this.def;
    const { columns, joins } = this.selection();
    const where = [scope ?? sql`TRUE`];
    if (def.kind === 'document' && !q.filters.some((f) => f.field === 'State'))
      where.push(sql`t.state <> ${STATE.VOID}`);
    // custom field values are found by the keyword too, and references by their records' own fields
    const keyword = q.KeyWord ? keywordSql(def, this.registry, q.KeyWord) : null;
    if (keyword) where.push(keyword);
    for (const f of q.filters) {
      const named = f.field in def.scopes ? this.hooks.scopes?.[f.field] : undefined;
      if (named) where.push(f.value ? named : sql`NOT (${named})`);
      else
        where.push(
          f.field === 'Tag_Value' && f.op === 'eq' ? tagFilterSql(String(f.value)) : filterSql(def, f),
        );
    }
    const order = orderSql(def, q.Sort);
    const offset = (q.Page - 1) * q.PageSize;
    const cond = sql.join(where, sql` AND `);
    // counting every matching row of a million-row table cost a second; counting stops `countTo`
    // rows in, and past it TotalCount is a lower bound (Paging.Capped)
    const limit = countTo ?? offset + COUNT_AHEAD;
    const counted = sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${sql.table(def.table)} AS t
      WHERE ${cond} LIMIT ${limit + 1}) AS c)`;
    // one round trip: the count rides along with the page, and the links are joined to the page
    // only (conditions and sorting use the table's own columns), not to every matching row
    const { rows } = await sql<Row & { __total: number }>`
      WITH page AS (SELECT t.* FROM ${sql.table(def.table)} AS t
        WHERE ${cond} ORDER BY ${order} LIMIT ${q.PageSize} OFFSET ${offset})
      SELECT ${columns}, ${counted} AS __total FROM page AS t ${joins} ORDER BY ${order}`.execute(ex);
    let total = rows.length ? rows[0].__total : 0;
    if (!rows.length && offset > 0) {
      const c = await sql<{ n: number }>`SELECT ${counted} AS n`.execute(ex);
      total = c.rows[0].n;
    }
    for (const r of rows) delete (r as Row).__total;
    const paging: Paging = { TotalCount: Math.min(total, limit), Page: q.Page, PageSize: q.PageSize };
    if (total > limit) paging.Capped = true;
    return { rows, paging };
  }

  async get(
    id: number,
    ex: Executor = this.db,
    lock = false,
    scope?: RawBuilder<unknown> | null,
  ): Promise<Row | null> {
    const { rows } = await sql<Row>`${this.readFrom(sql.table(this.def.table), id)}
      AND ${scope ?? sql`TRUE`} ${lock ? sql`FOR UPDATE OF t` : sql``}`.execute(ex);
    const rec = rows[0];
    return rec ? this.record(rec) : null;
  }

  /**
   * What `get` reads, from `source`: the table, or a statement's `UPDATE … RETURNING *` so that
   * the statement that changes a record also answers it as changed. Rows go through `record`.
   */
  readFrom(
    source: RawBuilder<unknown>,
    id: number,
    /** more of the row `t` to read with it (a caller's own columns, each with its join) */
    extra?: { columns: RawBuilder<unknown>; joins: RawBuilder<unknown> },
  ): RawBuilder<Row> {
    const { columns, joins, lines } = this.selection();
    return sql<Row>`SELECT ${columns}${lines}${extra ? sql`, ${extra.columns}` : sql``}
      FROM ${source} AS t ${joins} ${extra?.joins ?? sql``} WHERE t.id = ${id}`;
  }

  /** A row of `readFrom` as the wire carries it (its lines parsed). */
  record(row: Row): Row {
    linesFromJson(this.def, row);
    return row;
  }

  private selected?: { columns: RawBuilder<unknown>; joins: RawBuilder<unknown>; lines: RawBuilder<unknown> };
  /** Declarations do not change while the server runs: the select list is built once, as text. */
  private selection() {
    if (!this.selected) {
      const lines = linesSelect(this.def, this.registry);
      const { columns, joins } = recordSelect(this.def, this.registry);
      this.selected = {
        columns: frozenSql(columns),
        joins: frozenSql(joins),
        lines: lines.length ? frozenSql(sql`, ${sql.join(lines)}`) : sql``,
      };
    }
    return this.selected;
  }

  async mustGet(
    id: number,
    ex: Executor = this.db,
    lock = false,
    scope?: RawBuilder<unknown> | null,
  ): Promise<Row> {
    const r = await this.get(id, ex, lock, scope);
    if (!r) throw notFound();
    return r;
  }

  async insert(input: unknown, ctx: RequestContext, outer?: Tx): Promise<Row> {
    this.assertWritable();
    const data = parseWith(this.create, input, this.def, ctx.lang);
    // guarded as a whole: a number given at commit fails there when it is taken (unique)
    const saved = await this.guard(() =>
      this.inTx(outer, async (tx) => {
        const c: HookContext = { ...ctx, tx, registry: this.registry };
        await checkCustomFields(this.peers, tx, this.def, data, true);
        await checkTagValue(tx, this.def, data);
        await this.hooks.validate?.(c, data, null);
        await checkRefFilters(tx, this.registry, this.def, data, null);
        await this.checkTree(tx, null, data);
        const n = this.def.features.numbering;
        const numbered = n && !data[n.field] ? n.field : null;
        if (numbered) data[numbered] = numberPlaceholder();
        // declared computations first: the hook sees them and may still decide otherwise
        this.compute(data, null, ctx);
        await this.hooks.beforeSave?.(c, data, null);
        const values = this.columnValues(data);
        values.created_by = ctx.user?.User_ID ?? null;
        values.updated_by = ctx.user?.User_ID ?? null;
        const id = Number(
          (await tx.insertInto(this.def.table).values(values).returning('id').executeTakeFirstOrThrow()).id,
        );
        await this.writeLines(tx, id, data);
        const placeholder = numbered ? String(data[numbered]) : '';
        // numbered at its own commit, unless a caller's transaction or an afterSave hook needs the
        // number now
        if (numbered && !outer && !this.hooks.afterSave) {
          await numberAtCommit(tx, this.def, id, placeholder, logInsert(c, 'add', this.def.name, id, data));
          return { id, rec: null };
        }
        const rec = await this.mustGet(id, tx);
        if (numbered) {
          // numbered last, with the log in the same statement, so that the series row is locked
          // from here to the commit only
          const no = await assignNumber(tx, this.def, id, {
            also: (by) => logInsert(c, 'add', this.def.name, id, data, { text: placeholder, by }),
          });
          rec[numbered] = no;
          data[numbered] = no;
        } else await writeLog(c, 'add', this.def.name, id, data);
        await this.hooks.afterSave?.(c, rec, null);
        return { id, rec };
      }),
    );
    return saved.rec ?? this.mustGet(saved.id);
  }

  async modify(input: unknown, ctx: RequestContext, outer?: Tx): Promise<Row> {
    this.assertWritable();
    const data = parseWith(this.update, input, this.def, ctx.lang);
    const id = data[this.def.key] as number;
    const version = data.Version as number;
    delete data[this.def.key];
    delete data.Version;
    return this.inTx(outer, async (tx) => {
      const c: HookContext = { ...ctx, tx, registry: this.registry };
      const old = await this.mustGet(id, tx, true);
      if (old.Version !== version) throw conflict();
      if (this.def.kind === 'document' && old.State !== STATE.DRAFT) throw new AppError('doc_not_draft');
      if (!allows(this.def, 'edit', old)) throw new AppError('not_allowed_now', {}, 409);
      await checkCustomFields(this.peers, tx, this.def, data, false, old);
      await checkTagValue(tx, this.def, data, old);
      await this.hooks.validate?.(c, data, old);
      await checkRefFilters(tx, this.registry, this.def, data, old);
      await this.checkTree(tx, id, data);
      this.compute(data, old, ctx);
      await this.hooks.beforeSave?.(c, data, old);
      const values = this.columnValues(data);
      await this.guard(() =>
        tx
          .updateTable(this.def.table)
          .set({
            ...values,
            version: version + 1,
            updated_at: sql`now()`,
            updated_by: ctx.user?.User_ID ?? null,
          })
          .where('id', '=', id)
          .execute(),
      );
      await this.writeLines(tx, id, data, true);
      const rec = await this.mustGet(id, tx);
      await writeLog(c, 'edit', this.def.name, id, changes(old, rec));
      await this.hooks.afterSave?.(c, rec, old);
      return rec;
    });
  }

  async remove(id: number, ctx: RequestContext, outer?: Tx): Promise<void> {
    this.assertWritable();
    await this.inTx(outer, async (tx) => {
      const c: HookContext = { ...ctx, tx, registry: this.registry };
      const old = await this.mustGet(id, tx, true);
      await this.hooks.beforeDelete?.(c, old);
      // the rule the list's delete button follows (allows): nothing is offered that this refuses
      if (this.def.kind === 'document' && old.State !== STATE.DRAFT) throw new AppError('doc_not_draft');
      if (!allows(this.def, 'delete', old)) throw new AppError('not_allowed_now', {}, 409);
      if (this.def.kind === 'document') {
        await tx
          .updateTable(this.def.table)
          .set({
            state: STATE.VOID,
            version: sql`version + 1`,
            updated_at: sql`now()`,
            updated_by: ctx.user?.User_ID ?? null,
          })
          .where('id', '=', id)
          .execute();
      } else {
        await this.assertUnreferenced(tx, id);
        await this.guard(() => tx.deleteFrom(this.def.table).where('id', '=', id).execute());
      }
      await writeLog(c, 'delete', this.def.name, id, old);
    });
  }

  private inTx<T>(outer: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return outer ? fn(outer) : withTx(this.db, fn);
  }

  private assertWritable() {
    if (this.def.kind === 'log') throw new AppError('read_only_entity', {}, 405);
  }

  private columnValues(data: Row): Row {
    const values: Row = {};
    for (const [k, v] of Object.entries(data)) {
      if (k in this.def.lines) continue;
      if (k in this.def.fields || k.startsWith('Extension_Field') || k === 'Tag_Value')
        values[columnOf(k)] = v;
    }
    return values;
  }

  private async writeLines(tx: Tx, id: number, data: Row, replace = false) {
    for (const [key, lines] of Object.entries(this.def.lines)) {
      const rows = data[key] as Row[] | undefined;
      if (rows === undefined) continue;
      const table = lineTable(this.def, key);
      if (replace) await tx.deleteFrom(table).where('parent_id', '=', id).execute();
      if (!rows.length) continue;
      const values = rows.map((r, i) => {
        const v: Row = { parent_id: id, line_no: i + 1 };
        for (const f of Object.keys(lines.fields)) if (f in r) v[columnOf(f)] = r[f];
        return v;
      });
      await this.guard(() => tx.insertInto(table).values(values).execute(), key);
    }
  }

  /** A parent chosen among one's own descendants would make a loop. */
  private async checkTree(tx: Tx, id: number | null, data: Row) {
    const field = this.def.tree?.parent;
    if (!field || id === null || data[field] === undefined || data[field] === null) return;
    const parent = data[field] as number;
    const t = sql.table(this.def.table);
    const col = sql.ref(columnOf(field));
    const { rows } = await sql`WITH RECURSIVE up(id, p, depth) AS (
        SELECT id, ${col}, 1 FROM ${t} WHERE id = ${parent}
        UNION ALL SELECT x.id, ${sql.ref(`x.${columnOf(field)}`)}, up.depth + 1 FROM ${t} x JOIN up ON x.id = up.p WHERE up.depth < 1000)
      SELECT 1 FROM up WHERE id = ${id} LIMIT 1`.execute(tx);
    if (rows.length) throw new AppError('tree_cycle');
  }

  /** Names the first entity whose records still point here; the foreign keys are only the backstop. */
  private async assertUnreferenced(tx: Tx, id: number) {
    for (const other of this.registry.all()) {
      const sources: [string, string][] = [];
      for (const [n, f] of Object.entries(other.fields))
        if (f.kind === 'ref' && f.entity === this.def.name) sources.push([other.table, columnOf(n)]);
      for (const [key, lines] of Object.entries(other.lines))
        for (const [n, f] of Object.entries(lines.fields))
          if (f.kind === 'ref' && f.entity === this.def.name)
            sources.push([lineTable(other, key), columnOf(n)]);
      for (const [table, col] of sources) {
        const { rows } =
          await sql`SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(col)} = ${id} LIMIT 1`.execute(tx);
        if (rows.length) throw new AppError('referenced', { entity: other.label });
      }
    }
  }

  /** Maps constraint violations to messages that name the field; anything else stays internal. */
  private async guard<T>(fn: () => Promise<T>, linesKey?: string): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const code = pgCode(e);
      const constraint = String((e as { constraint?: unknown }).constraint ?? '');
      const table = linesKey ? lineTable(this.def, linesKey) : this.def.table;
      const fields = linesKey ? this.def.lines[linesKey].fields : this.def.fields;
      const hit = (prefix: string) =>
        Object.entries(fields).find(([n]) => constraint === `${prefix}_${table}_${columnOf(n)}`);
      const at = (name: string | undefined) => (linesKey && name ? `${linesKey}.${name}` : name);
      if (code === '23505') {
        const f = hit('ux');
        throw new AppError('duplicate', { field: f?.[1].label ?? '-' }).at(at(f?.[0]));
      }
      if (code === '23503' && constraint.startsWith(`fk_${table}_`)) {
        const f = hit('fk');
        throw new AppError('ref_missing', { field: f?.[1].label ?? '-' }).at(at(f?.[0]));
      }
      if (code === '23503') throw new AppError('referenced', { entity: this.def.label });
      throw e;
    }
  }
}
