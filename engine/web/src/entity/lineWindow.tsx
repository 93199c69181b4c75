import type { FieldDef } from '@mes/model';
import { createContext, type RefObject, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { type RowWindow, rowWindow } from '../platform/virtualRows';

/**
 * Past this many rows a line table draws only the rows in view (a warehouse's stocktake runs to
 * thousands of lines; each row is a handful of controls). Below it every row is drawn, as a short
 * document's user expects to find every cell in the page.
 */
export const WINDOW_LINES = 200;
/** The height of a windowed line table's own scroll box. */
export const LINE_VIEWPORT = 560;
/** A small table's row with a control, until a drawn row is measured. */
const LINE_HEIGHT = 41;
/** Rows drawn beyond the box on both sides, so that a quick scroll does not show blank rows. */
const LINE_OVERSCAN = 10;

/** Brings a row of a windowed line table into view; resolves once it is drawn. */
export type RevealRow = (row: number) => Promise<void>;

/**
 * The line tables of a form register here how to bring a row into view: the form, finding a cell at
 * fault in a row not drawn, shows it first and then marks it.
 */
export const LineReveal = createContext<Map<string, RevealRow> | null>(null);

/**
 * The messages of line cells at fault as the last save found them, by the cell's path (JSON). A
 * windowed table's cell is a control only while its row is drawn, and its message went with it: a
 * row scrolled away and back, or a row named in the form's message and scrolled to, showed no fault.
 * A cell drawn takes its message from here; mended, it lets it go. Rows added or removed renumber
 * the rows after them, and so forget their table's messages.
 */
export class LineFaults {
  private readonly byPath = new Map<string, string[]>();

  /** The form's own instance: a cell taking it from antd's context was drawn again on every change of the form. */
  constructor(
    private readonly form: {
      getFieldError(name: (string | number)[]): unknown[];
      setFields(fields: { name: (string | number)[]; errors: string[] }[]): void;
    },
  ) {}

  /** A cell drawn: the message the save left for it, unless it shows one already. */
  restore(path: (string | number)[]): void {
    const errors = this.of(path);
    if (errors && !this.form.getFieldError(path).length) this.form.setFields([{ name: path, errors }]);
  }

  /** What the save found: the messages of every line cell at fault, drawn or not. */
  set(faults: Iterable<[(string | number)[], string]>): void {
    this.byPath.clear();
    for (const [path, text] of faults) {
      const key = JSON.stringify(path);
      if (!this.byPath.has(key)) this.byPath.set(key, [text]);
    }
  }

  of(path: (string | number)[]): string[] | undefined {
    return this.byPath.get(JSON.stringify(path));
  }

  mended(path: (string | number)[]): void {
    this.byPath.delete(JSON.stringify(path));
  }

  /** Table `table`'s rows were renumbered. */
  forget(table: string): void {
    const prefix = JSON.stringify([table]).slice(0, -1);
    for (const key of [...this.byPath.keys()]) if (key.startsWith(`${prefix},`)) this.byPath.delete(key);
  }
}

export const LineFaultsContext = createContext<LineFaults | null>(null);

const nextPaint = () =>
  new Promise<void>((resolve) => {
    if (!globalThis.requestAnimationFrame) setTimeout(resolve, 0);
    else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });

export interface LineWindow {
  enabled: boolean;
  /** Scrolls row `row` into the box; resolves once it is drawn. */
  reveal: RevealRow;
  /** The box that scrolls the table (both ways when windowed). */
  box: RefObject<HTMLDivElement | null>;
  window: RowWindow;
  onScroll: () => void;
}

/**
 * The rows of table `name` to draw: all of them up to WINDOW_LINES, else those the box shows. Row
 * heights are measured from a drawn row (a cell's message makes its row taller; the spacers stand
 * for the others at the measured height).
 */
export function useLineWindow(name: string, count: number): LineWindow {
  const enabled = count > WINDOW_LINES;
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [rowHeight, setRowHeight] = useState(LINE_HEIGHT);
  const frame = useRef(0);
  const onScroll = useCallback(() => {
    if (frame.current) return;
    const read = () => {
      frame.current = 0;
      setScrollTop(box.current?.scrollTop ?? 0);
    };
    frame.current = globalThis.requestAnimationFrame?.(read) ?? 0;
    if (!frame.current) read();
  }, []);
  useEffect(() => () => globalThis.cancelAnimationFrame?.(frame.current), []);
  useEffect(() => {
    if (!enabled) return;
    const row = box.current?.querySelector<HTMLElement>('tbody tr[data-row-key]');
    const h = row?.offsetHeight ?? 0;
    if (h > 0 && Math.abs(h - rowHeight) > 1) setRowHeight(h);
  });
  const reveal = useCallback<RevealRow>(
    async (row) => {
      const top = Math.max(0, row * rowHeight - LINE_VIEWPORT / 3);
      if (box.current) box.current.scrollTop = top;
      setScrollTop(top);
      await nextPaint();
    },
    [rowHeight],
  );
  const reveals = useContext(LineReveal);
  useEffect(() => {
    if (!reveals) return;
    reveals.set(name, reveal);
    return () => {
      reveals.delete(name);
    };
  }, [reveals, name, reveal]);
  const window = enabled
    ? rowWindow(scrollTop, count, LINE_VIEWPORT, rowHeight, LINE_OVERSCAN)
    : { start: 0, end: count, top: 0, bottom: 0 };
  return { enabled, reveal, box, window, onScroll };
}

/**
 * Line cells at fault in rows a windowed table has not drawn (their controls are not in the form):
 * the rows' numbers, for the form's message, and the first of them, to be shown and marked.
 */
export function faultsNotDrawn<I extends { path: PropertyKey[] }>(
  issues: readonly I[],
  isLines: (key: string) => boolean,
  drawn: ReadonlySet<string>,
): { rows: number[]; first?: I } {
  const hidden = issues.filter(
    // a cell's (a whole row's rule keeps its own message, listed above the form)
    (i) =>
      i.path.length === 3 &&
      isLines(String(i.path[0])) &&
      typeof i.path[1] === 'number' &&
      !drawn.has(JSON.stringify(i.path)),
  );
  const rows = [...new Set(hidden.map((i) => (i.path[1] as number) + 1))].sort((a, b) => a - b);
  return { rows, first: hidden[0] };
}

/** Row numbers for a message: the first few, and an ellipsis when there are more. */
export function listRows(rows: readonly number[], separator: string, most = 10): string {
  const shown = rows.slice(0, most).join(separator);
  return rows.length > most ? `${shown}${separator}…` : shown;
}

/**
 * The first row from `from` on (round to the top again) whose references, as their boxes show them
 * ("code name"), or text cells hold `text`, case aside: a clerk finds the line of what they counted.
 */
export function matchRow(
  rows: readonly Record<string, unknown>[],
  fields: readonly [string, FieldDef][],
  names: ReadonlyMap<string, ReadonlyMap<string, string>>,
  text: string,
  from = 0,
): number | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted || !rows.length) return undefined;
  const holds = (r: Record<string, unknown>) =>
    fields.some(([col, f]) => {
      const v = r[col];
      if (v === null || v === undefined || v === '') return false;
      const shown =
        f.kind === 'ref' ? names.get(col)?.get(String(v)) : f.kind === 'text' ? String(v) : undefined;
      return shown?.toLowerCase().includes(wanted) ?? false;
    });
  for (let k = 0; k < rows.length; k++) {
    const i = (from + k) % rows.length;
    if (holds(rows[i])) return i;
  }
  return undefined;
}
