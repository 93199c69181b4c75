import { type EntityDef, type FieldDef, type Lang, labelOf } from '@mes/model';
import { type TableColumnType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useEntityDef } from './context';
import { cellKey, cellText, type Row } from './format';
import { RecordLinkCell } from './recordLink';

export interface SortState {
  field: string;
  desc: boolean;
}

type ColumnType<T> = TableColumnType<T>;
type SortOrder = 'ascend' | 'descend' | null;

const ALIGN_RIGHT = new Set<FieldDef['kind']>(['decimal', 'int']);

/** Parses `Field` / `-Field` as the server takes it. */
export function parseSort(s: string | undefined): SortState | undefined {
  if (!s) return undefined;
  return s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s, desc: false };
}

export function sortParam(s: SortState | undefined): string | undefined {
  return s ? `${s.desc ? '-' : ''}${s.field}` : undefined;
}

function sortOrderOf(name: string, sort: SortState | undefined): SortOrder {
  if (!sort || sort.field !== name) return null;
  return sort.desc ? 'descend' : 'ascend';
}

/** The column of one declared field (the table settings may show any of them). */
export function fieldColumn(
  name: string,
  f: FieldDef,
  lang: Lang,
  t: TFunction,
  sortable: boolean,
  sort?: SortState,
): ColumnType<Row> {
  const yesNo: [string, string] = [t('common.yes'), t('common.no')];
  const col: ColumnType<Row> = {
    key: name,
    dataIndex: cellKey(name, f),
    title: labelOf(f.label, lang),
    align: ALIGN_RIGHT.has(f.kind) ? 'right' : undefined,
    ellipsis: f.kind === 'text' && (f.multiline || f.max > 200) ? true : undefined,
    sorter: sortable,
    sortOrder: sortable ? sortOrderOf(name, sort) : undefined,
    render: (_v, row) => {
      if (f.kind === 'bool') {
        const v = row[name];
        if (v !== true && v !== false) return null;
        return <Tag color={v ? 'blue' : undefined}>{v ? yesNo[0] : yesNo[1]}</Tag>;
      }
      const text = cellText(name, f, row, lang, yesNo);
      // an entity's wire name (a print layout's WorkDoc) reads as its label: 任务单
      if (f.kind === 'text' && f.entityOf) return <EntityLabel name={text} lang={lang} />;
      if (f.kind === 'text' && f.link)
        return (
          <RecordLinkCell link={f.link} row={row}>
            {text}
          </RecordLinkCell>
        );
      return text;
    },
  };
  return col;
}

/** Columns of def.list.columns; documents also show their State. */
export function buildColumns(def: EntityDef, lang: Lang, t: TFunction, sort?: SortState): ColumnType<Row>[] {
  const cols = def.list.columns
    .filter((n) => def.fields[n])
    .map((n) => fieldColumn(n, def.fields[n], lang, t, def.list.sort.includes(n), sort));
  const state = stateColumn(def, t, sort);
  if (state) cols.push(state);
  return cols;
}

/** Documents show their State after the other columns. */
export function stateColumn(def: EntityDef, t: TFunction, sort?: SortState): ColumnType<Row> | null {
  if (def.kind !== 'document') return null;
  const sortable = def.list.sort.includes('State');
  return {
    key: 'State',
    dataIndex: 'State',
    title: t('fields.State'),
    sorter: sortable,
    sortOrder: sortable ? sortOrderOf('State', sort) : undefined,
    render: (v: unknown) =>
      v === null || v === undefined ? '' : t(`state.${String(v)}`, { defaultValue: String(v) }),
  };
}

/** An entity named by its wire name, shown by its label in the reader's language. */
function EntityLabel({ name, lang }: { name: string; lang: Lang }) {
  const def = useEntityDef(name);
  return <>{def ? labelOf(def.label, lang) : name}</>;
}
