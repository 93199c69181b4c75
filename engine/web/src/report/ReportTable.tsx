import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { type Label, localText } from '@mes/model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Popover,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../api';
import { useApi, useRegistry } from '../entity/context';
import { formatDate, formatDecimal, type Row } from '../entity/format';
import { useRowUnits } from '../entity/rowUnits';
import {
  isReportQuantity,
  reportUnitSource,
  type Summed,
  sameUnit,
  sumColumn,
  type UnitOf,
} from '../entity/totals';
import { useLabel, useLang } from '../i18n';

export interface ReportColumn {
  key: string;
  /** A declaration's label, or a text already in the user's language (a module catalogue's). */
  label: Label | string;
  kind?: 'text' | 'decimal' | 'date' | 'int';
  width?: number;
  /**
   * Summed in the 合计 row (decimal columns). A quantity is summed only when every row on the page
   * has the same unit: the rows' Unit_ID or Unit_Name, else their material's base unit (see
   * `reportUnitSource`).
   */
  sum?: boolean;
  /**
   * Whether the column counts something in the row's unit; by default a column of more than two
   * decimals, or without a scale one named `Qty`, `*_Qty`, `Qty_*`. false: money, minutes.
   */
  quantity?: boolean;
  /** The figure's scale, shown as lists show a field of that scale (2 for money: always 2 decimals). */
  scale?: number;
  /**
   * Set, the user shows or hides the column in the column settings; true, it starts hidden (spec
   * part 1 §4: inventory amounts are shown on request).
   */
  hidden?: boolean;
}

export interface ReportTableProps {
  title: string;
  /** The report endpoint; it answers a page of rows and Paging. */
  path: string;
  columns: ReportColumn[];
  rowKey: string;
  /** Filters beside the keyword (days, date, warehouse...); their values go with every request. */
  params?: Query;
  filters?: ReactNode;
  testId?: string;
}

const PAGE_SIZES = [20, 50, 100, 500];
const SHOWN_KEY = 'mes.report.columns.';

/** Which optional columns the user has shown or hidden on this report, kept in the browser. */
function useShown(path: string, columns: ReportColumn[]) {
  const [choice, setChoice] = useState<Record<string, boolean>>(() => {
    try {
      return JSON.parse(globalThis.localStorage?.getItem(SHOWN_KEY + path) ?? '{}') ?? {};
    } catch {
      return {};
    }
  });
  const optional = columns.filter((c) => c.hidden !== undefined);
  const shown = (c: ReportColumn) => (c.hidden === undefined ? true : (choice[c.key] ?? !c.hidden));
  const setShown = (keys: string[]) => {
    const next = Object.fromEntries(optional.map((c) => [c.key, keys.includes(c.key)]));
    setChoice(next);
    globalThis.localStorage?.setItem(SHOWN_KEY + path, JSON.stringify(next));
  };
  return { optional, shown, setShown };
}

/** How the 合计 row sums a column (see `Summed`). */
export function reportSummed(c: ReportColumn): Summed {
  return { scale: c.scale, quantity: c.quantity ?? isReportQuantity(c.key, c.scale) };
}

/** The 合计 cell's text: the column's total (0 over blanks), blank when its rows' units differ. */
function reportTotal(c: ReportColumn, rows: readonly Row[], unit: UnitOf | undefined): string {
  if (reportSummed(c).quantity && unit && !sameUnit(rows, c.key, unit)) return '';
  return cell(c, sumColumn(rows, c.key) ?? '0');
}

function cell(c: ReportColumn, v: unknown): string {
  if (c.kind === 'decimal' || c.kind === 'int') return formatDecimal(v, c.scale);
  if (c.kind === 'date') return formatDate(v);
  return v === null || v === undefined ? '' : String(v);
}

/**
 * A read-only report over a paged endpoint: keyword search, server paging, numbers with thousands
 * separators and right-aligned, a 合计 row over the page for the columns that add up.
 */
export function ReportTable({ title, path, columns, rowKey, params, filters, testId }: ReportTableProps) {
  const { t } = useTranslation();
  const labelOf = useLabel();
  const lang = useLang();
  const label = (l: Label | string) => (typeof l === 'string' ? l : labelOf(l));
  const api = useApi();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const query = { ...params, KeyWord: keyword || undefined, Page: page, PageSize: pageSize };
  const list = useQuery({
    queryKey: ['report', path, query],
    queryFn: ({ signal }) => api.get<Row[]>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.Data ?? [];
  const { optional, shown, setShown } = useShown(path, columns);
  const visible = columns.filter(shown);
  const registry = useRegistry();
  // the rows' units are needed (and looked up) only for a quantity in the 合计 row
  const anyQuantity = visible.some((c) => c.sum && reportSummed(c).quantity);
  const units = useRowUnits(
    useMemo(
      () => (anyQuantity ? reportUnitSource(rows, registry.entities.values()) : undefined),
      [anyQuantity, rows, registry],
    ),
    rows,
  );
  const cols: TableColumnsType<Row> = [
    {
      key: '_no',
      title: '#',
      width: 40,
      render: (_v, _r, i) => (page - 1) * pageSize + i + 1,
    },
    ...visible.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: label(c.label),
      width: c.width,
      align: c.kind === 'decimal' || c.kind === 'int' ? ('right' as const) : undefined,
      // a bilingual name (a unit's) reads in the reader's language where the row carries `<key>_En`
      render: (v: unknown, row: Row) =>
        cell(c, c.kind && c.kind !== 'text' ? v : localText(row, c.key, lang)),
    })),
  ];
  const sums = visible.filter((c) => c.sum);
  return (
    <Card
      title={title}
      extra={
        <Space>
          {optional.length > 0 && (
            <Popover
              trigger="click"
              placement="bottomRight"
              title={t('platform.columns.title')}
              content={
                <Checkbox.Group
                  style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                  value={optional.filter(shown).map((c) => c.key)}
                  onChange={(keys) => setShown(keys.map(String))}
                  options={optional.map((c) => ({
                    value: c.key,
                    label: <span data-testid={`report-column-${c.key}`}>{label(c.label)}</span>,
                  }))}
                />
              }
            >
              <Button icon={<SettingOutlined />} data-testid="report-columns">
                {t('platform.columns.settings')}
              </Button>
            </Popover>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            value={search}
            placeholder={t('list.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 240 }}
            data-testid="report-search"
          />
          {filters}
        </Space>
      </Flex>
      <Table<Row>
        data-testid={testId ?? 'report-table'}
        size="small"
        rowKey={rowKey}
        columns={cols}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.Paging?.TotalCount ?? rows.length,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
        summary={
          sums.length && rows.length
            ? () => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    {/* the serial column is 40 px: 合计 reads on one line, over the empty cell beside it */}
                    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                      {t('common.total')}
                    </Typography.Text>
                  </Table.Summary.Cell>
                  {visible.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i + 1} align={c.sum ? 'right' : undefined}>
                      {c.sum ? reportTotal(c, rows, units) : null}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </Card>
  );
}
