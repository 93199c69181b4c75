import type { ModulePageProps } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { type ReportColumn, ReportTable } from '@mes/engine-web/report';
import { DatePicker, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import { AGEING_BUCKETS } from '../logic/ageing';
import { SideSwitch } from './SideSwitch';

/** 账龄分析: each partner's open balance per currency by days past due, on a chosen day. */
export function AgeingPage({ meta }: ModulePageProps) {
  const label = useLabel();
  const t = useModuleText(texts);
  const [side, setSide] = useState(1);
  const [asOf, setAsOf] = useState<Dayjs | null>(null);
  const columns: ReportColumn[] = [
    { key: 'Partner_Code', label: t('report.partnerCode'), width: 120 },
    { key: 'Partner_Name', label: t('report.partner'), width: 160 },
    { key: 'Currency_Code', label: t('report.currency'), width: 70 },
    { key: 'Balance', label: t('report.balance'), kind: 'decimal', scale: 2, sum: true },
    ...AGEING_BUCKETS.map(
      (b): ReportColumn => ({ key: b.key, label: label(b.label), kind: 'decimal', scale: 2, sum: true }),
    ),
    {
      key: 'Base_Balance',
      label: t('report.baseBalance'),
      kind: 'decimal',
      scale: 2,
      sum: true,
      hidden: true,
    },
  ];
  return (
    <ReportTable
      title={label(meta.title)}
      path="/Finance/Ageing"
      rowKey="Row_Key"
      columns={columns}
      params={{ Side: side, As_Of: asOf ? asOf.format('YYYY-MM-DD') : undefined }}
      testId="ageing-table"
      filters={
        <Space>
          <SideSwitch value={side} onChange={setSide} />
          <Typography.Text>{t('report.asOf')}</Typography.Text>
          <DatePicker value={asOf} onChange={setAsOf} data-testid="ageing-as-of" />
        </Space>
      }
    />
  );
}
