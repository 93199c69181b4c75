import { useApi } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Progress, Row, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import { TASK_STATUS, TASK_TYPES } from '../options';

interface Group {
  key: number | null;
  label: string | null;
  total: number;
  overdue: number;
}
interface Stats {
  By_Owner: Group[];
  By_Status: Group[];
  By_Type: Group[];
  Overdue: { id: number; task_no: string; task_name: string; plan_end: string; owner: string | null }[];
}

/** 任务统计: tasks by owner, status and type as bars (overdue share in red), and the overdue list. */
export function StatisticsPage() {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = range ? { From: range[0].format('YYYY-MM-DD'), To: range[1].format('YYYY-MM-DD') } : {};
  const q = useQuery({
    queryKey: ['pm', 'stats', query],
    queryFn: () => api.data<Stats>('/Assignment/Statistics', { query }),
  });
  const s = q.data;
  const name = (opts: typeof TASK_STATUS, g: Group) => {
    const o = opts.find((x) => x.value === g.key);
    return o ? label(o.label) : (g.label ?? t('stats.noOwner'));
  };
  const bars = (title: string, groups: Group[], named: (g: Group) => string, testid: string) => {
    const max = Math.max(1, ...groups.map((g) => g.total));
    return (
      <Card title={title} size="small" data-testid={testid}>
        {groups.map((g) => (
          <div key={String(g.key)} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ width: 110, fontSize: 12 }}>{named(g)}</span>
            <Progress
              percent={(g.total / max) * 100}
              success={{ percent: ((g.total - g.overdue) / max) * 100 }}
              strokeColor="#ff4d4f"
              format={() => `${g.total}${g.overdue ? ` (${g.overdue})` : ''}`}
            />
          </div>
        ))}
      </Card>
    );
  };
  return (
    <div data-testid="pm-stats">
      <Space style={{ marginBottom: 8 }}>
        {t('stats.period')}
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
        />
      </Space>
      {s && (
        <Row gutter={[12, 12]}>
          <Col xs={24} md={8}>
            {bars(t('stats.byOwner'), s.By_Owner, (g) => g.label ?? t('stats.noOwner'), 'pm-stats-owner')}
          </Col>
          <Col xs={24} md={8}>
            {bars(t('stats.byStatus'), s.By_Status, (g) => name(TASK_STATUS, g), 'pm-stats-status')}
          </Col>
          <Col xs={24} md={8}>
            {bars(t('stats.byType'), s.By_Type, (g) => name(TASK_TYPES, g), 'pm-stats-type')}
          </Col>
          <Col span={24}>
            <Card title={t('stats.overdue')} size="small">
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={s.Overdue}
                columns={[
                  { dataIndex: 'task_no', title: 'No.' },
                  { dataIndex: 'task_name', title: t('stats.total') },
                  { dataIndex: 'plan_end', title: t('deliverables.due') },
                  { dataIndex: 'owner', title: t('deliverables.owner') },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
