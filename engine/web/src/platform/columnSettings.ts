import type { TableColumnType } from 'antd';
import type { ColumnSetting } from './api';

type Col<T> = TableColumnType<T>;

export type MoveResult =
  | { rows: ColumnSetting[]; index: number }
  | { error: 'selectRow' | 'firstRow' | 'lastRow' };

/** Ser_NO follows the order on screen after every change (spec part 2 §4). */
export function renumber(rows: ColumnSetting[]): ColumnSetting[] {
  return rows.map((r, i) => ({ ...r, Ser_NO: i + 1 }));
}

/** Swaps the selected row with its neighbour; the messages of spec part 2 §5 when it cannot. */
export function moveRow(rows: ColumnSetting[], index: number | null, dir: -1 | 1): MoveResult {
  if (index === null || index < 0 || index >= rows.length) return { error: 'selectRow' };
  const to = index + dir;
  if (to < 0) return { error: 'firstRow' };
  if (to >= rows.length) return { error: 'lastRow' };
  const next = [...rows];
  [next[index], next[to]] = [next[to], next[index]];
  return { rows: renumber(next), index: to };
}

/**
 * The table's columns in the user's order with their visibility, caption, width, alignment and fixing.
 * Columns the settings do not name (state, actions) keep their place after the configured ones.
 */
export function applySettings<T>(
  columns: Map<string, Col<T>>,
  settings: ColumnSetting[] | undefined,
  fallback: string[],
  /** True when a saved caption is just the declared label in some language: the current one is shown. */
  isDeclaredLabel: (name: string, caption: string) => boolean = () => false,
): Col<T>[] {
  if (!settings?.length)
    return fallback.map((n) => columns.get(n)).filter((c): c is Col<T> => c !== undefined);
  return [...settings]
    .sort((a, b) => a.Ser_NO - b.Ser_NO)
    .filter((s) => s.Is_Visible && columns.has(s.Column_Name))
    .map((s) => {
      const base = columns.get(s.Column_Name) as Col<T>;
      return {
        ...base,
        title: s.Describe?.trim() && !isDeclaredLabel(s.Column_Name, s.Describe) ? s.Describe : base.title,
        width: s.Width ?? undefined,
        align: s.Text_Position,
        fixed: s.Is_Fixed ? ('left' as const) : undefined,
      };
    });
}
