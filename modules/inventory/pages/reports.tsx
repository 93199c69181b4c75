import type { ModulePageProps } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { type ReportColumn, ReportTable } from '@mes/engine-web/report';
import { DatePicker, InputNumber, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import type { Texts } from '../locales/zh';
import { AGE_BUCKETS } from '../logic/age';

type T = ReturnType<typeof useModuleText<Texts>>;

const material = (t: T): ReportColumn[] => [
  { key: 'Material_Number', label: t('number'), width: 140 },
  { key: 'Material_Name', label: t('name'), width: 200 },
];

/**
 * 库龄: stock on hand by how long ago it was received (FIFO layers), with its value; the value of each
 * bracket starts hidden and is shown from the column settings (inventory amounts on request).
 */
export function InventoryAgePage({ meta }: ModulePageProps) {
  const label = useLabel();
  const t = useModuleText(texts);
  const [asOf, setAsOf] = useState<Dayjs | null>(null);
  const columns: ReportColumn[] = [
    ...material(t),
    { key: 'Qty', label: t('qty'), kind: 'decimal', sum: true },
    { key: 'Amount', label: t('amount'), kind: 'decimal', sum: true, scale: 2, hidden: false },
    ...AGE_BUCKETS.flatMap((b, i): ReportColumn[] => [
      { key: `Qty_${i + 1}`, label: b.label, kind: 'decimal', sum: true },
      {
        key: `Amount_${i + 1}`,
        label: t('bracketValue', { bracket: label(b.label) }),
        kind: 'decimal',
        sum: true,
        scale: 2,
        hidden: true,
      },
    ]),
    { key: 'Oldest_Date', label: t('oldest'), kind: 'date' },
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
          <Typography.Text>{t('asOf')}</Typography.Text>
          <DatePicker value={asOf} onChange={setAsOf} data-testid="age-as-of" />
        </Space>
      }
    />
  );
}

/** 呆滞物料: stock on hand that has not been issued for a number of days. */
export function SlowMovingPage({ meta }: ModulePageProps) {
  const label = useLabel();
  const t = useModuleText(texts);
  const [days, setDays] = useState(90);
  return (
    <ReportTable
      title={label(meta.title)}
      path="/StockReport/SlowMoving"
      rowKey="Material_ID"
      testId="slow-table"
      params={{ Days: days }}
      columns={[
        ...material(t),
        { key: 'Qty', label: t('qty'), kind: 'decimal', sum: true },
        { key: 'Amount', label: t('amount'), kind: 'decimal', sum: true, scale: 2 },
        { key: 'Last_In_Date', label: t('lastIn'), kind: 'date' },
        { key: 'Last_Out_Date', label: t('lastOut'), kind: 'date' },
        { key: 'Idle_Days', label: t('idle'), kind: 'int' },
      ]}
      filters={
        <Space>
          <Typography.Text>{t('days')}</Typography.Text>
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
  const t = useModuleText(texts);
  return (
    <ReportTable
      title={label(meta.title)}
      path="/StockReport/BelowSafety"
      rowKey="Material_ID"
      testId="safety-table"
      columns={[
        ...material(t),
        { key: 'Safety_Stock', label: t('safety'), kind: 'decimal' },
        { key: 'Qty', label: t('qty'), kind: 'decimal' },
        { key: 'Shortfall', label: t('shortfall'), kind: 'decimal', sum: true, quantity: true },
      ]}
    />
  );
}
