import { SettingOutlined } from '@ant-design/icons';
import { type EntityDef, type Lang, labelOf, totalled } from '@mes/model';
import { Button, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { fieldColumn, type SortState, stateColumn } from '../entity/columns';
import { formatDate, formatDecimal, type Row } from '../entity/format';
import { columnTotal, type Summed, summedField, type UnitOf } from '../entity/totals';
import {
  type CustomField,
  columnKeys,
  type PageScope,
  useColumnSettings,
  useCustomFields,
  useMenuTags,
} from './api';
import { applySettings } from './columnSettings';
import { bitValue } from './customFields';
import { TagList } from './tags';

type Col = TableColumnType<Row>;
export const SERIAL_WIDTH = 40;

function customColumn(c: CustomField, t: TFunction): Col {
  const numeric = c.Data_Type === 'int' || c.Data_Type === 'decimal';
  return {
    key: c.Column_Name,
    dataIndex: c.Column_Name,
    title: c.Describe,
    align: numeric ? 'right' : undefined,
    render: (v: unknown) => {
      if (v === null || v === undefined || v === '') return '';
      if (c.Data_Type === 'bit') return bitValue(v) ? t('common.yes') : t('common.no');
      if (numeric) return formatDecimal(v);
      if (c.Data_Type === 'date') return formatDate(v);
      return String(v);
    },
  };
}

/** Columns the 合计 row sums: each with its scale when declared, and whether it is a quantity. */
export type SummedColumns = ReadonlyMap<string, Summed>;

/**
 * Which columns are summed: the declared fields whose declaration says they add up (decimals unless
 * `total: false`, whole numbers when `total: true`; see `totalled`) and the numeric custom fields.
 * A declared quantity's total needs one unit on the page (see `Summed`).
 */
export function numericColumns(def: EntityDef, custom: CustomField[] | undefined): SummedColumns {
  const out = new Map<string, Summed>();
  for (const [n, f] of Object.entries(def.fields)) if (totalled(f)) out.set(n, summedField(f));
  for (const c of custom ?? [])
    if (c.Data_Type === 'int' || c.Data_Type === 'decimal') out.set(c.Column_Name, {});
  return out;
}

// the sum itself lives with the unit rule it serves; its tests import it from here
export { sumColumn } from '../entity/totals';

export interface ListColumns {
  columns: Col[];
  numeric: SummedColumns;
  settings: ReturnType<typeof useColumnSettings>;
  tags: ReturnType<typeof useMenuTags>;
}

/**
 * The list's columns: every declared field and custom field can be one, the user's settings choose
 * order, visibility, caption, width, alignment and fixing; tags and the state follow.
 */
export function useListColumns(
  def: EntityDef,
  scope: PageScope,
  lang: Lang,
  t: TFunction,
  sort: SortState | undefined,
): ListColumns {
  const settings = useColumnSettings(def, scope);
  const partial = (!!scope.menuId || !!scope.userId) && !columnKeys(def, scope);
  useEffect(() => {
    // spec part 1 §5: a missing key leaves the declared columns, and is logged, not shown
    if (partial) console.warn(t('messages.tableConfigError'), def.name);
  }, [partial, def.name, t]);
  const custom = useCustomFields(def, scope.menuId);
  const tags = useMenuTags(def, scope.menuId);
  const map = new Map<string, Col>();
  for (const [n, f] of Object.entries(def.fields)) {
    if (f.kind === 'text' && f.secret) continue;
    map.set(n, fieldColumn(n, f, lang, t, def.list.sort.includes(n), sort));
  }
  for (const c of custom.data ?? []) map.set(c.Column_Name, customColumn(c, t));
  const fallback = [
    ...def.list.columns,
    ...(custom.data ?? []).filter((c) => c.Is_Column).map((c) => c.Column_Name),
  ];
  const declared = (name: string, caption: string) => {
    const f = def.fields[name];
    return !!f && (caption === labelOf(f.label, 'zh') || caption === labelOf(f.label, 'en'));
  };
  const columns = applySettings(map, settings.data, fallback, declared);
  if (def.features.tags && scope.menuId)
    columns.push({
      key: 'Tag_Value',
      dataIndex: 'Tag_Value',
      title: t('fields.Tag_Value'),
      render: (v: unknown) => <TagList value={v} tags={tags.data} />,
    });
  const state = stateColumn(def, t, sort);
  if (state) columns.push(state);
  return { columns, numeric: numericColumns(def, custom.data), settings, tags };
}

/** The serial column; its header holds the gear of the table settings. */
/** `offset`: rows of the page above the first rendered one (a virtual window). */
export function serialColumn(page: number, pageSize: number, gear: ReactNode, offset = 0): Col {
  return {
    key: '_serial',
    className: 'list-serial',
    title: gear,
    width: SERIAL_WIDTH,
    align: 'center',
    fixed: 'left',
    render: (_v, _r, i) => (page - 1) * pageSize + offset + i + 1,
  };
}

export function Gear({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={<SettingOutlined />}
        aria-label={label}
        onClick={onClick}
        data-testid="columns-gear"
      />
    </Tooltip>
  );
}

/** The 合计 row: totals of the numeric columns over the rows on the page. */
export function summaryRow(
  columns: Col[],
  rows: Row[],
  numeric: SummedColumns,
  label: string,
  withSelection: boolean,
  /** A virtual table renders its summary only as a fixed footer. */
  fixed = false,
  /** The rows' unit: a quantity adds up only over rows of one unit. */
  unit?: UnitOf,
): ReactNode {
  if (!rows.length || !columns.some((c) => numeric.has(String(c.key)))) return null;
  const offset = withSelection ? 1 : 0;
  return (
    <Table.Summary fixed={fixed}>
      <Table.Summary.Row data-testid="list-summary">
        <Table.Summary.Cell index={0} colSpan={offset + 1} align="center">
          <Tag variant="filled" style={{ marginInlineEnd: 0, fontWeight: 600 }}>
            {label}
          </Tag>
        </Table.Summary.Cell>
        {columns.slice(1).map((c, i) => {
          const key = String(c.key);
          const summed = numeric.get(key);
          const total = summed ? columnTotal(rows, key, summed, unit) : null;
          return (
            <Table.Summary.Cell key={key} index={i + 1 + offset} align="right">
              {total === null ? (
                ''
              ) : (
                <span data-testid={`sum-${key}`}>{formatDecimal(total, summed?.scale)}</span>
              )}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

const VIRTUAL_COLUMN_WIDTH = 150;
export const SELECTION_WIDTH = 32;

/** A virtual table needs every column's width known. */
export function withWidths(cols: Col[]): Col[] {
  return cols.map((c) => ({ ...c, width: c.width ?? VIRTUAL_COLUMN_WIDTH }));
}

export function totalWidth(cols: Col[]): number {
  return cols.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : VIRTUAL_COLUMN_WIDTH), 0);
}
