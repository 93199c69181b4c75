import { type ModulePageProps, type Row, useApi } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Radio, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import { MACHINE_STATUS } from '../machine.entity';

type Kind = 'status' | 'request' | 'repair' | 'maintain' | 'check';

/** 维修保养记录: one machine's status changes, requests, repairs, maintenance and checks, newest first; and the reliability figures. */
export function HistoryPage(_: ModulePageProps) {
  const t = useModuleText(texts);
  const api = useApi();
  const [machine, setMachine] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const machines = useQuery({
    queryKey: ['em', 'machines', keyword],
    queryFn: async () =>
      (await api.get<Row[]>('/Machine', { KeyWord: keyword || undefined, PageSize: 50 })).Data,
  });
  const history = useQuery({
    queryKey: ['em', 'history', machine],
    queryFn: async () => (await api.get<Row[]>(`/Machine/${machine}/History`)).Data,
    enabled: machine !== null,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('history.title')}>
        <Select
          showSearch
          style={{ width: 320 }}
          placeholder={t('history.pick')}
          filterOption={false}
          onSearch={setKeyword}
          onChange={(v: number) => setMachine(v)}
          options={(machines.data ?? []).map((m) => ({
            value: Number(m.Machine_ID),
            label: `${m.Machine_Code} ${m.Machine_Name}`,
          }))}
          data-testid="em-history-machine"
        />
        {machine !== null && <StatusTime machine={machine} />}
        {machine !== null && (
          <Table
            size="small"
            style={{ marginTop: 12 }}
            rowKey={(r) => `${r.Kind}-${r.ID}`}
            dataSource={history.data ?? []}
            locale={{ emptyText: <Empty description={t('history.empty')} /> }}
            columns={[
              {
                title: t('history.when'),
                render: (_, r: Row) => dayjs(String(r.At)).format('YYYY-MM-DD HH:mm'),
              },
              { title: t('history.kind'), render: (_, r: Row) => t(`history.kinds.${r.Kind as Kind}`) },
              { title: t('history.what'), render: (_, r: Row) => `${r.Code ?? ''} ${r.Text ?? ''}` },
            ]}
          />
        )}
      </Card>
      <Figures />
    </Space>
  );
}

/** MTBF, MTTR and availability per machine or fault type over a chosen period. */
function Figures() {
  const t = useModuleText(texts);
  const api = useApi();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(1, 'year'), dayjs()]);
  const [by, setBy] = useState<'machine' | 'faultType'>('machine');
  const q = useQuery({
    queryKey: ['em', 'figures', range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'), by],
    queryFn: async () =>
      (
        await api.get<Row[]>('/Machine/Figures', {
          From: range[0].format('YYYY-MM-DD'),
          To: range[1].format('YYYY-MM-DD'),
          By: by,
        })
      ).Data,
  });
  return (
    <Card size="small" title={t('figures.title')} data-testid="em-figures">
      <Space style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Typography.Text>{t('figures.by')}</Typography.Text>
        <Radio.Group value={by} onChange={(e) => setBy(e.target.value)}>
          <Radio.Button value="machine">{t('figures.byMachine')}</Radio.Button>
          <Radio.Button value="faultType">{t('figures.byFault')}</Radio.Button>
        </Radio.Group>
      </Space>
      <Table
        size="small"
        rowKey="Key"
        dataSource={q.data ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: t('figures.name'), dataIndex: 'Name' },
          { title: t('figures.failures'), dataIndex: 'Failures', align: 'right' },
          { title: t('figures.down'), dataIndex: 'Down_Hours', align: 'right' },
          { title: t('figures.mtbf'), dataIndex: 'MTBF_Hours', align: 'right' },
          { title: t('figures.mttr'), dataIndex: 'MTTR_Hours', align: 'right' },
          { title: t('figures.availability'), dataIndex: 'Availability', align: 'right' },
        ]}
      />
    </Card>
  );
}

/** The hours the machine spent in each status over the last year (GET /Machine/:id/StatusTime). */
function StatusTime({ machine }: { machine: number }) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const from = dayjs().subtract(1, 'year').format('YYYY-MM-DD');
  const to = dayjs().format('YYYY-MM-DD');
  const q = useQuery({
    queryKey: ['em', 'statusTime', machine, from, to],
    queryFn: async () =>
      (await api.get<Row[]>(`/Machine/${machine}/StatusTime`, { From: from, To: to })).Data,
  });
  return (
    <Table
      size="small"
      style={{ marginTop: 12 }}
      title={() => t('history.statusTime')}
      rowKey="Machine_Status"
      pagination={false}
      dataSource={q.data ?? []}
      data-testid="em-status-time"
      columns={[
        {
          title: t('history.status'),
          render: (_, r: Row) => {
            const o = MACHINE_STATUS.find((s) => s.value === Number(r.Machine_Status));
            return o ? label(o.label) : String(r.Machine_Status);
          },
        },
        { title: t('history.hours'), dataIndex: 'Hours', align: 'right' },
      ]}
    />
  );
}
