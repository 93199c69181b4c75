import { codeFieldOf, type EntityDef } from '@mes/model';
import { Descriptions } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import type { Row } from './format';

/** At or below this width (a phone held upright: 390 px) lists fold and forms take one column. */
export const PHONE_MAX_WIDTH = 575;

export function isPhoneWidth(width: number): boolean {
  return width <= PHONE_MAX_WIDTH;
}

/** Whether the window is phone-wide, kept up to date on resize and rotation. */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && isPhoneWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setPhone(isPhoneWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return phone;
}

/** The columns a phone keeps in the row: the record's code and name, its state, and its actions. */
export function phoneKeyColumns(def: EntityDef): Set<string> {
  const keys = new Set<string>(['_actions', 'State', def.display]);
  const code = codeFieldOf(def);
  if (code) keys.add(code);
  return keys;
}

/**
 * A list's columns on a phone: the key columns stay in the row; the others (but the serial number,
 * which a phone has no room for) go into the row's expandable part, label beside value.
 */
export function splitForPhone(
  columns: ColumnType<Row>[],
  keep: Set<string>,
): { shown: ColumnType<Row>[]; rest: ColumnType<Row>[] } {
  const shown: ColumnType<Row>[] = [];
  const rest: ColumnType<Row>[] = [];
  for (const c of columns) {
    const key = String(c.key ?? '');
    // no set widths: the kept columns share the screen and their text wraps
    if (keep.has(key)) shown.push({ ...c, fixed: undefined, width: undefined, ellipsis: false });
    else if (key !== '_serial') rest.push(c);
  }
  // a list whose declaration names no key column still shows something in the row
  if (shown.every((c) => c.key === '_actions') && rest.length) shown.unshift(rest.shift() as ColumnType<Row>);
  return { shown, rest };
}

function cellOf(c: ColumnType<Row>, row: Row, index: number): ReactNode {
  const index_ = c.dataIndex;
  const value = typeof index_ === 'string' || typeof index_ === 'number' ? row[index_] : undefined;
  if (c.render) return c.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? '' : String(value);
}

/** The folded columns of one row, label beside value. */
export function PhoneRowDetail({
  columns,
  row,
  index,
}: {
  columns: ColumnType<Row>[];
  row: Row;
  index: number;
}) {
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="phone-row-detail"
      items={columns.map((c) => ({
        key: String(c.key),
        label: typeof c.title === 'function' ? String(c.key) : (c.title as ReactNode),
        children: cellOf(c, row, index),
      }))}
    />
  );
}
