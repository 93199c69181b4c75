import type { Row } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { addDecimal } from '@mes/model';
import { Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { texts } from '../locales';
import type { ComparisonRow, PartRow, SupplierTotal } from '../logic/compare';

export interface ComparisonData {
  Sow: Row;
  Parts: PartRow[];
  Suppliers: Row[];
  Offers: Row[];
  Rounds: number[];
  Rows: ComparisonRow[];
  Totals: SupplierTotal[];
  Weights: { price: string; quality: string; delivery: string; risk: string };
  Marks: { Supplier_ID: number; Quality_Score: string; Delivery_Score: string; Risk_Score: string }[];
  Bid: Row | null;
}

const LOWEST_BG = '#f6ffed';
const money = (s: string | null | undefined) =>
  s === null || s === undefined ? '' : Number(s).toLocaleString('en-US', { maximumFractionDigits: 4 });

function Trend({ value, pct }: { value: string | null; pct: string | null }) {
  if (value === null) return null;
  const down = value.startsWith('-');
  const flat = Number(value) === 0;
  return (
    <Typography.Text type={flat ? 'secondary' : down ? 'success' : 'danger'} style={{ fontSize: 12 }}>
      {flat ? '→' : down ? '↓' : '↑'} {value.replace('-', '')}
      {pct !== null ? ` (${pct}%)` : ''}
    </Typography.Text>
  );
}

/**
 * The column-per-supplier comparison: each supplier a column group with one column per round it
 * quoted, the lowest latest price of each part highlighted, totals below.
 */
export function ComparisonTable({ data }: { data: ComparisonData }) {
  const t = useModuleText(texts);
  const roundsOf = (sid: number) =>
    data.Rounds.filter((r) => data.Offers.some((o) => o.Supplier_ID === sid && o.Round_NO === r));
  const quoting = data.Suppliers.filter((s) => roundsOf(Number(s.Supplier_ID)).length > 0);
  type Line = ComparisonRow & { key: string };
  const columns: TableProps<Line>['columns'] = [
    { key: 'item', title: '#', dataIndex: 'Item_NO', width: 48, fixed: 'left' },
    {
      key: 'part',
      title: t('compare.part'),
      fixed: 'left',
      width: 180,
      render: (_v, r) => (
        <>
          <div>{r.Part_Number}</div>
          <Typography.Text type="secondary">{r.Part_Name}</Typography.Text>
        </>
      ),
    },
    { key: 'qty', title: t('compare.annualQty'), align: 'right', render: (_v, r) => money(r.Annual_Qty) },
    { key: 'target', title: t('compare.target'), align: 'right', render: (_v, r) => money(r.Target_Price) },
    ...quoting.map((s) => {
      const sid = Number(s.Supplier_ID);
      const rounds = roundsOf(sid);
      return {
        key: `s${sid}`,
        title: String(s.Short_Name),
        children: rounds.map((round, i) => ({
          key: `s${sid}r${round}`,
          title: t('compare.round', { round }),
          align: 'right' as const,
          onCell: (r: Line) => {
            const cells = r.cells[sid] ?? [];
            const latest = cells[cells.length - 1];
            const isLowest = latest?.Round_NO === round && r.lowest.includes(sid) && i === rounds.length - 1;
            return {
              style: isLowest ? { background: LOWEST_BG } : undefined,
              'data-lowest': isLowest ? 'true' : undefined,
            };
          },
          render: (_v: unknown, r: Line) => {
            const cell = (r.cells[sid] ?? []).find((c) => c.Round_NO === round);
            // a part the supplier declined (不报价) says so; one it left out of the round is 未报价
            if (!cell)
              return (
                <Typography.Text type="secondary" data-testid={`cmp-${r.Item_NO}-${sid}-${round}`}>
                  {r.declined?.[sid]?.includes(round) ? t('portal.declined') : t('compare.notQuoted')}
                </Typography.Text>
              );
            const cells = r.cells[sid] ?? [];
            const lowest = r.lowest.includes(sid) && cells[cells.length - 1] === cell;
            return (
              <div data-testid={`cmp-${r.Item_NO}-${sid}-${round}`}>
                <Typography.Text strong={lowest} type={lowest ? 'success' : undefined}>
                  {money(cell.Unit_Price)}
                </Typography.Text>
                {lowest && (
                  <Tag color="success" style={{ marginLeft: 4 }}>
                    {t('compare.lowest')}
                  </Tag>
                )}
                <div>
                  <Trend value={cell.Trend} pct={cell.Trend_Pct} />
                </div>
                <Tooltip title={t('portal.toolingCost')}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {money(cell.Tooling_Cost)}
                  </Typography.Text>
                </Tooltip>
              </div>
            );
          },
        })),
      };
    }),
  ];
  const totalRow = (
    labelKey: string,
    value: (x: SupplierTotal) => string,
    previous?: (x: SupplierTotal) => string | null,
  ) => (
    <Table.Summary.Row key={labelKey}>
      <Table.Summary.Cell index={0} colSpan={4}>
        <Typography.Text strong>{labelKey}</Typography.Text>
      </Table.Summary.Cell>
      {quoting.map((s) => {
        const sid = Number(s.Supplier_ID);
        const tot = data.Totals.find((x) => x.Supplier_ID === sid);
        const n = roundsOf(sid).length;
        const prev = tot && previous ? previous(tot) : null;
        return (
          <Table.Summary.Cell key={sid} index={sid} colSpan={n} align="right">
            {tot ? money(value(tot)) : ''}
            {tot && prev !== null && prev !== undefined && (
              <div>
                <Trend
                  value={addDecimal(value(tot), prev.startsWith('-') ? prev.slice(1) : `-${prev}`)}
                  pct={null}
                />
              </div>
            )}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
  const years = Number(data.Sow.Life_Time_Years ?? 1);
  return (
    <div data-testid="comparison-table">
      <Table<Line>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={data.Rows.map((r) => ({ ...r, key: String(r.Item_NO) }))}
        summary={() => (
          <Table.Summary>
            {totalRow(
              t('compare.annualAmount'),
              (x) => x.Annual_Amount,
              (x) => x.Previous_Annual_Amount,
            )}
            {totalRow(t('compare.lifetimeAmount', { years }), (x) => x.Lifetime_Amount)}
            {totalRow(t('compare.toolingTotal'), (x) => x.Tooling_Total)}
          </Table.Summary>
        )}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('compare.lowestHint')}
      </Typography.Text>
    </div>
  );
}
