import { type EntityDef, lineSchema, linesSchema } from '@mes/model';
import type { TFunction } from 'i18next';
import { issueText } from '../i18n';
import type { Row } from './format';
import {
  changedPayload,
  type FormValues,
  fieldsPayload,
  initialValues,
  linePayload,
  linesPayload,
  type Mode,
  samePath,
  schemaFor,
  valueAt,
  type ZodRule,
} from './payload';

type Path = (string | number)[];

/** The form's verdict on one control: the text of its first issue, or none. */
export type Verdict = string | undefined;

export interface FormJudge {
  /** The rule of the control at `path`: a header field, a line table (`[key]`) or a line cell (`[key, row, col]`). */
  rule: (path: Path) => ZodRule;
  /** The verdict itself, on the given values (what `rule` throws). */
  judge: (values: FormValues, path: Path) => Verdict;
}

/**
 * The form's verdicts from the server's own zod schemas, each control judged where its value lives: a
 * header field against the header, a line table's own rules (how many rows) on the table, a line cell
 * against its own row. Judging every cell against the whole record made a save cost the square of the
 * lines (a 146-line stocktake: about 50 s in Chromium); the declarations have no rule across rows or
 * between header and lines, so the verdicts are the same, and the server still judges the whole.
 */
export function formJudge(
  def: EntityDef,
  mode: Mode,
  record: Row | undefined,
  t: TFunction,
  values: () => FormValues,
): FormJudge {
  const schema = schemaFor(def, mode);
  const before = mode === 'update' ? initialValues(def, record) : undefined;
  const beforeHeader = before && fieldsPayload(def, before, false);
  const tables = new Map(
    Object.entries(def.lines).map(([key, lines]) => [
      key,
      {
        lines,
        row: lineSchema(lines),
        table: linesSchema(lines),
        // an update sends a table only when it changed: an untouched one is not judged, as before
        before: before && JSON.stringify(linesPayload(lines.fields, before[key])),
        // a table's rows change as one array: what is asked of the whole table is asked once per state
        states: new WeakMap<object, { sent: boolean; verdict: Verdict }>(),
      },
    ]),
  );

  const headerVerdict = (now: FormValues, path: Path): Verdict => {
    const head = fieldsPayload(def, now, false);
    const payload = beforeHeader ? changedPayload(def, head, beforeHeader, record) : head;
    const r = schema.safeParse(payload);
    const issue = r.success ? undefined : r.error.issues.find((i) => samePath(i.path, path));
    return issue && issueText(issue, t, valueAt(payload, path));
  };

  type Table = NonNullable<ReturnType<typeof tables.get>>;
  const tableState = (table: Table, rows: unknown[]) => {
    let state = table.states.get(rows);
    if (!state) {
      const sent = !table.before || JSON.stringify(linesPayload(table.lines.fields, rows)) !== table.before;
      const r = sent ? table.table.safeParse(rows) : undefined;
      const issue = r && !r.success ? r.error.issues.find((i) => i.path.length === 0) : undefined;
      state = { sent, verdict: issue && issueText(issue, t, rows) };
      table.states.set(rows, state);
    }
    return state;
  };

  const judge = (now: FormValues, path: Path): Verdict => {
    const [key, row, col] = path;
    const table = typeof key === 'string' ? tables.get(key) : undefined;
    if (!table) return headerVerdict(now, path);
    const rows = now[key as string];
    const { sent, verdict } = tableState(table, Array.isArray(rows) ? rows : []);
    if (!sent || path.length === 1) return verdict;
    // zod judges no row of a table with too many: neither did the form when it judged the whole record
    if (verdict) return undefined;
    const line = linePayload(table.lines.fields, valueAt(rows, [row]));
    const r = table.row.safeParse(line);
    const issue = r.success ? undefined : r.error.issues.find((i) => samePath(i.path, [col]));
    return issue && issueText(issue, t, valueAt(line, [col]));
  };

  return {
    judge,
    rule: (path) => ({
      validator: async () => {
        const text = judge(values(), path);
        if (text) throw new Error(text);
      },
    }),
  };
}
