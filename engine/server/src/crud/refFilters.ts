import { codeFieldOf, columnOf, type EntityDef, type Fields, type RefField, type Registry } from '@mes/model';
import { sql } from 'kysely';
import type { Row } from '../db';
import type { Tx } from '../db/tx';
import { AppError, combineErrors } from '../errors';

/** One reference to check: the chosen target, the value it must match, and where it sits. */
interface Chosen {
  id: number;
  by: unknown;
  line?: number;
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The server's side of RefField.filterBy: a chosen target whose `field` differs from the form's
 * `by` value is refused, as the picker never offered it (a routing of another product, a location
 * of another warehouse). Checked when the reference or the value narrowing it is written; a target
 * that does not exist is left to the reference's own check. Every line at fault is named at once.
 */
export async function checkRefFilters(
  tx: Tx,
  registry: Registry,
  def: EntityDef,
  data: Row,
  old: Row | null,
): Promise<void> {
  const headerOf = (name: string) => (name in data ? data[name] : old?.[name]);
  const errors: AppError[] = [];
  const check = async (f: RefField, chosen: Chosen[], at: string) => {
    const target = registry.get(f.entity);
    const by = f.filterBy as NonNullable<RefField['filterBy']>;
    const wanted = chosen.filter((c) => given(c.id) && given(c.by));
    if (!wanted.length) return;
    const code = codeFieldOf(target);
    const shownCols = [f.display, ...(code && code !== f.display ? [code] : [])].filter(
      (n) => n in target.fields,
    );
    const { rows } = await sql<Row>`SELECT id, ${sql.ref(columnOf(by.field))} AS v
      ${sql.join(
        shownCols.map((n) => sql`, ${sql.ref(columnOf(n))} AS ${sql.ref(n)}`),
        sql``,
      )}
      FROM ${sql.table(target.table)} WHERE id IN (${sql.join([...new Set(wanted.map((c) => c.id))])})`.execute(
      tx,
    );
    const found = new Map(rows.map((r) => [Number(r.id), r]));
    for (const c of wanted) {
      const r = found.get(Number(c.id));
      if (!r || String(r.v) === String(c.by)) continue;
      const shown = [code && r[code], r[f.display]].filter(given).map(String);
      const params = {
        field: f.label,
        value: [...new Set(shown)].join(' '),
        by: def.fields[by.by]?.label ?? by.by,
        line: c.line,
      };
      errors.push(new AppError(c.line ? 'ref_filtered_line' : 'ref_filtered', params).at(at));
    }
  };

  for (const [name, f] of refsFiltered(def.fields)) {
    const by = f.filterBy?.by as string;
    if (!(name in data) && !(by in data)) continue;
    await check(f, [{ id: headerOf(name) as number, by: headerOf(by) }], name);
  }
  for (const [key, lines] of Object.entries(def.lines)) {
    const filtered = refsFiltered(lines.fields);
    if (!filtered.length) continue;
    for (const [name, f] of filtered) {
      const by = f.filterBy?.by as string;
      // lines written, or the header value they are narrowed by changed under the lines kept
      const rows = (key in data ? data[key] : by in data ? old?.[key] : undefined) as Row[] | undefined;
      if (!rows?.length) continue;
      const value = headerOf(by);
      await check(
        f,
        rows.map((r, i) => ({ id: r[name] as number, by: value, line: i + 1 })),
        key,
      );
    }
  }
  if (errors.length) throw combineErrors(errors);
}

function refsFiltered(fields: Fields): [string, RefField][] {
  return Object.entries(fields).filter(
    (e): e is [string, RefField] => e[1].kind === 'ref' && e[1].filterBy !== undefined,
  );
}
