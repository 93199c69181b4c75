import type { ModulePageProps } from '@mes/engine-web/entity';
import { RefSelect } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { type ReportColumn, ReportTable } from '@mes/engine-web/report';
import { DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import type { Texts } from '../locales/zh';
import { workReport } from '../plan.entity';

const F = workReport.fields;

const columns = (t: ReturnType<typeof useModuleText<Texts>>): ReportColumn[] => [
  { key: 'Report_Date', label: F.Report_Date.label, kind: 'date', width: 110 },
  { key: 'Order_NO', label: t('reportOrder'), width: 140 },
  { key: 'Material_Number', label: t('reportProductNumber'), width: 130 },
  { key: 'Material_Name', label: t('reportProductName'), width: 160 },
  { key: 'Step_NO', label: F.Step_NO.label, kind: 'int', width: 80 },
  { key: 'Process_Name', label: F.Process_ID.label, width: 120 },
  { key: 'Station_Name', label: F.Work_Station_ID.label, width: 120 },
  { key: 'Good_Qty', label: F.Good_Qty.label, kind: 'decimal', sum: true },
  { key: 'Scrap_Qty', label: F.Scrap_Qty.label, kind: 'decimal', sum: true },
  { key: 'Rework_Qty', label: F.Rework_Qty.label, kind: 'decimal', sum: true },
  { key: 'Work_Minutes', label: F.Work_Minutes.label, kind: 'decimal', sum: true },
  { key: 'Reports', label: t('reportCount'), kind: 'int' },
];

/** 产量明细: output per work order, operation, work station and day, with a 合计 row. */
export function OutputDetailPage({ meta }: ModulePageProps) {
  const label = useLabel();
  const t = useModuleText(texts);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [processId, setProcessId] = useState<number | null>(null);
  const [stationId, setStationId] = useState<number | null>(null);
  return (
    <ReportTable
      title={label(meta.title)}
      path="/ProductionReport/Output"
      rowKey="Row_Key"
      columns={columns(t)}
      testId="output-table"
      params={{
        From: range?.[0]?.format('YYYY-MM-DD'),
        To: range?.[1]?.format('YYYY-MM-DD'),
        Process_ID: processId ?? undefined,
        Work_Station_ID: stationId ?? undefined,
      }}
      filters={
        <Space wrap>
          <span>{t('reportDate')}</span>
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} data-testid="output-range" />
          <span>{label(F.Process_ID.label)}</span>
          <div style={{ width: 160 }} data-testid="output-process">
            <RefSelect field={F.Process_ID} value={processId} onChange={setProcessId} />
          </div>
          <span>{label(F.Work_Station_ID.label)}</span>
          <div style={{ width: 160 }} data-testid="output-station">
            <RefSelect field={F.Work_Station_ID} value={stationId} onChange={setStationId} />
          </div>
        </Space>
      }
    />
  );
}
