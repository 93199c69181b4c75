import type { ModulePageProps } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { type ReportColumn, ReportTable } from '@mes/engine-web/report';
import { DatePicker, InputNumber, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { AGE_BUCKETS } from '../logic/age';

const L = {
  number: { zh: '物料编码', en: 'Material number' },
  name: { zh: '物料名称', en: 'Material name' },
  qty: { zh: '数量', en: 'Quantity' },
  amount: { zh: '金额', en: 'Value' },
  bracketValue: { zh: '金额', en: 'value' },
  oldest: { zh: '最早入库', en: 'Oldest receipt' },
  asOf: { zh: '截止日期', en: 'As of' },
  days: { zh: '未出库天数 ≥', en: 'Days without issue ≥' },
  lastOut: { zh: '最近出库', en: 'Last issue' },
  lastIn: { zh: '最近入库', en: 'Last receipt' },
  idle: { zh: '呆滞天数', en: 'Idle days' },
  safety: { zh: '安全库存', en: 'Safety stock' },
  shortfall: { zh: '缺口', en: 'Shortfall' },
};

const material: ReportColumn[] = [
  { key: 'Material_Number', label: L.number, width: 140 },
  { key: 'Material_Name', label: L.name, width: 200 },
];

/**
 * 库龄: stock on hand by how long ago it was received (FIFO layers), with its value; the value of each
 * bracket starts hidden and is shown from the column settings (inventory amounts on request).
 */
export function InventoryAgePage({ meta }: ModulePageProps) {
  const label = useLabel();
  const [asOf, setAsOf] = useState<Dayjs | null>(null);
  const columns: ReportColumn[] = [
    ...material,
    { key: 'Qty', label: L.qty, kind: 'decimal', sum: true },
    { key: 'Amount', label: L.amount, kind: 'decimal', sum: true, scale: 2, hidden: false },
    ...AGE_BUCKETS.flatMap((b, i): ReportColumn[] => [
      { key: `Qty_${i + 1}`, label: b.label, kind: 'decimal', sum: true },
      {
        key: `Amount_${i + 1}`,
        label: { zh: `${b.label.zh}${L.bracketValue.zh}`, en: `${b.label.en} ${L.bracketValue.en}` },
        kind: 'decimal',
        sum: true,
        scale: 2,
        hidden: true,
      },
    ]),
    { key: 'Oldest_Date', label: L.oldest, kind: 'date' },
  ];
  return (
    <ReportTable
      title={label(meta.title)}
      path="/StockReport/Age"
      rowKey="Material_ID"
      columns={columns}
      params={{ As_Of: asOf ? asOf.format('YYYY-MM-DD') : undefined }}
      testId="age-table"
      filters={
        <Space>
          <Typography.Text>{label(L.asOf)}</Typography.Text>
          <DatePicker value={asOf} onChange={setAsOf} data-testid="age-as-of" />
        </Space>
      }
    />
  );
}

/** 呆滞物料: stock on hand that has not been issued for a number of days. */
export function SlowMovingPage({ meta }: ModulePageProps) {
  const label = useLabel();
  const [days, setDays] = useState(90);
  return (
    <ReportTable
      title={label(meta.title)}
      path="/StockReport/SlowMoving"
      rowKey="Material_ID"
      testId="slow-table"
      params={{ Days: days }}
      columns={[
        ...material,
        { key: 'Qty', label: L.qty, kind: 'decimal', sum: true },
        { key: 'Amount', label: L.amount, kind: 'decimal', sum: true, scale: 2 },
        { key: 'Last_In_Date', label: L.lastIn, kind: 'date' },
        { key: 'Last_Out_Date', label: L.lastOut, kind: 'date' },
        { key: 'Idle_Days', label: L.idle, kind: 'int' },
      ]}
      filters={
        <Space>
          <Typography.Text>{label(L.days)}</Typography.Text>
          <InputNumber
            min={1}
            max={3650}
            value={days}
            onChange={(v) => v && setDays(v)}
            data-testid="slow-days"
          />
        </Space>
      }
    />
  );
}

/** 低于安全库存: materials whose stock is below their safety level. */
export function BelowSafetyPage({ meta }: ModulePageProps) {
  const label = useLabel();
  return (
    <ReportTable
      title={label(meta.title)}
      path="/StockReport/BelowSafety"
      rowKey="Material_ID"
      testId="safety-table"
      columns={[
        ...material,
        { key: 'Safety_Stock', label: L.safety, kind: 'decimal' },
        { key: 'Qty', label: L.qty, kind: 'decimal' },
        { key: 'Shortfall', label: L.shortfall, kind: 'decimal', sum: true, quantity: true },
      ]}
    />
  );
}
