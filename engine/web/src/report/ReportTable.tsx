import { ReloadOutlined } from '@ant-design/icons';
import { addDecimal, type Label, normalizeDecimal } from '@mes/model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../api';
import { useApi } from '../entity/context';
import { formatDate, formatDecimal, type Row } from '../entity/format';
import { useLabel } from '../i18n';

export interface ReportColumn {
  key: string;
  label: Label;
  kind?: 'text' | 'decimal' | 'date' | 'int';
  width?: number;
  /** Summed in the 合计 row (decimal columns). */
  sum?: boolean;
  /** Decimal places always shown (2 for money). */
  scale?: number;
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

function cell(c: ReportColumn, v: unknown): string {
  if (c.kind === 'decimal' || c.kind === 'int') {
    if (c.scale === undefined || v === null || v === undefined || v === '') return formatDecimal(v);
    return formatDecimal(normalizeDecimal(String(v), c.scale));
  }
  if (c.kind === 'date') return formatDate(v);
  return v === null || v === undefined ? '' : String(v);
}

/**
 * A read-only report over a paged endpoint: keyword search, server paging, numbers with thousands
 * separators and right-aligned, a 合计 row over the page for the columns that add up.
 */
export function ReportTable({ title, path, columns, rowKey, params, filters, testId }: ReportTableProps) {
  const { t } = useTranslation();
  const label = useLabel();
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
  const cols: TableColumnsType<Row> = [
    {
      key: '_no',
      title: '#',
      width: 40,
      render: (_v, _r, i) => (page - 1) * pageSize + i + 1,
    },
    ...columns.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: label(c.label),
      width: c.width,
      align: c.kind === 'decimal' || c.kind === 'int' ? ('right' as const) : undefined,
      render: (v: unknown) => cell(c, v),
    })),
  ];
  const sums = columns.filter((c) => c.sum);
  return (
    <Card
      title={title}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          {t('common.refresh')}
        </Button>
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
                  {columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i + 1} align={c.sum ? 'right' : undefined}>
                      {c.sum
                        ? cell(
                            c,
                            rows.reduce((s, r) => addDecimal(s, String(r[c.key] ?? '0')), '0'),
                          )
                        : null}
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
