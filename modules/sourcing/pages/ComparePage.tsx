import { type ModulePageProps, type Row, useApi } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Flex, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { texts } from '../locales';
import { type SupplierMarks, scoreSuppliers } from '../logic/compare';
import { SOW_STATUS } from '../logic/status';
import { SOW_STATUSES } from '../sow.entity';
import { AwardPanel } from './AwardPanel';
import { type ComparisonData, ComparisonTable } from './compareTable';

type Weights = ComparisonData['Weights'];
const WEIGHT_KEYS = ['price', 'quality', 'delivery', 'risk'] as const;

/** Bid evaluation: the comparison of a SOW's quotations, the weighted score and the award. */
export function ComparePage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [sowId, setSowId] = useState<number | null>(Number(params.get('Sow_ID')) || null);
  useEffect(() => {
    const fromUrl = Number(params.get('Sow_ID'));
    if (fromUrl) setSowId(fromUrl);
  }, [params]);

  const sows = useQuery({
    queryKey: ['srm', 'sows'],
    queryFn: () => api.data<Row[]>('/Sow', { query: { PageSize: 200, Sort: '-Sow_ID', Sow_Status__gte: 2 } }),
  });
  const cmp = useQuery({
    queryKey: ['srm', 'comparison', sowId],
    queryFn: () => api.data<ComparisonData>(`/Sow/${sowId}/Comparison`),
    enabled: !!sowId,
  });
  const data = cmp.data;
  const [weights, setWeights] = useState<Weights | null>(null);
  const [marks, setMarks] = useState<SupplierMarks[]>([]);
  useEffect(() => {
    if (!data) return;
    setWeights(data.Weights);
    setMarks(data.Marks);
  }, [data]);

  const round = Number(data?.Sow.Current_Round ?? 0);
  const scores = useMemo(() => {
    if (!data || !weights) return [];
    const latest = data.Totals.filter((x) => x.Round_NO === round);
    return scoreSuppliers(latest, marks, weights, data.Parts.length);
  }, [data, weights, marks, round]);
  const nameOf = (sid: number) =>
    String(data?.Suppliers.find((s) => s.Supplier_ID === sid)?.Short_Name ?? sid);
  const statusLabel = (v: unknown) => {
    const o = SOW_STATUSES.find((x) => x.value === Number(v));
    return o ? label(o.label) : '';
  };
  const setMark = (sid: number, key: keyof Omit<SupplierMarks, 'Supplier_ID'>, v: string | null) =>
    setMarks((ms) => {
      const has = ms.some((m) => m.Supplier_ID === sid);
      const base = { Supplier_ID: sid, Quality_Score: '0', Delivery_Score: '0', Risk_Score: '0' };
      const list = has ? ms : [...ms, base];
      return list.map((m) => (m.Supplier_ID === sid ? { ...m, [key]: v ?? '0' } : m));
    });

  return (
    <Card
      title={label(meta.title)}
      data-testid="srm-compare"
      extra={
        <Select
          showSearch
          style={{ width: 360 }}
          placeholder={t('compare.pickSow')}
          value={sowId ?? undefined}
          onChange={(v) => setSowId(v)}
          optionFilterProp="label"
          data-testid="compare-sow"
          options={(sows.data ?? []).map((s) => ({
            value: Number(s.Sow_ID),
            label: `${s.Sow_NO} ${s.Project_Name} · ${statusLabel(s.Sow_Status)}`,
          }))}
        />
      }
    >
      {!sowId && <Empty description={t('compare.noSow')} />}
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={4} bordered>
            <Descriptions.Item label="SOW">{String(data.Sow.Sow_NO)}</Descriptions.Item>
            <Descriptions.Item label={t('portal.project')}>{String(data.Sow.Project_Name)}</Descriptions.Item>
            <Descriptions.Item label={t('portal.vehicle')}>
              {String(data.Sow.Vehicle_Model ?? '')}
            </Descriptions.Item>
            <Descriptions.Item label={t('compare.status')}>
              <span data-testid="compare-status">{statusLabel(data.Sow.Sow_Status)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('compare.rounds')}>
              {round} / {String(data.Sow.Offer_Rounds)}
            </Descriptions.Item>
            <Descriptions.Item label={t('portal.currency')}>
              {String(data.Sow.Currency_Name ?? '')}
            </Descriptions.Item>
            <Descriptions.Item label={t('portal.lifeTime')}>
              {String(data.Sow.Life_Time_Years)}
            </Descriptions.Item>
          </Descriptions>
          {data.Rows.every((r) => Object.keys(r.cells).length === 0) ? (
            <Alert type="info" showIcon title={t('compare.noQuotes')} />
          ) : (
            <ComparisonTable data={data} />
          )}
          {weights && scores.length > 0 && (
            <Card size="small" title={t('compare.scores')} data-testid="compare-scores">
              <Flex gap={16} wrap style={{ marginBottom: 12 }}>
                <Typography.Text strong>{t('compare.weights')}</Typography.Text>
                {WEIGHT_KEYS.map((k) => (
                  <Space key={k}>
                    {t(`compare.${k}`)}
                    <InputNumber
                      min="0"
                      max="100"
                      stringMode
                      value={weights[k]}
                      onChange={(v) => setWeights({ ...weights, [k]: v ?? '0' })}
                      style={{ width: 80 }}
                      data-testid={`weight-${k}`}
                    />
                  </Space>
                ))}
              </Flex>
              <Table
                size="small"
                pagination={false}
                rowKey="Supplier_ID"
                dataSource={[...scores].sort((a, b) => Number(b.Total_Score) - Number(a.Total_Score))}
                columns={[
                  { key: 's', title: t('compare.supplier'), render: (_v, r) => nameOf(r.Supplier_ID) },
                  { key: 'p', title: t('compare.priceScore'), dataIndex: 'Price_Score', align: 'right' },
                  ...(['Quality_Score', 'Delivery_Score', 'Risk_Score'] as const).map((k) => ({
                    key: k,
                    title: t(
                      `compare.${k === 'Quality_Score' ? 'quality' : k === 'Delivery_Score' ? 'delivery' : 'risk'}`,
                    ),
                    render: (_v: unknown, r: SupplierMarks) => (
                      <InputNumber
                        min="0"
                        max="100"
                        stringMode
                        size="small"
                        value={r[k]}
                        onChange={(v) => setMark(r.Supplier_ID, k, v)}
                        style={{ width: 80 }}
                      />
                    ),
                  })),
                  {
                    key: 't',
                    title: t('compare.totalScore'),
                    align: 'right',
                    render: (_v, r) => <Typography.Text strong>{r.Total_Score}</Typography.Text>,
                  },
                ]}
              />
            </Card>
          )}
          {(Number(data.Sow.Sow_Status) >= SOW_STATUS.ROUND_CLOSED || data.Bid) && weights && (
            <AwardPanel
              data={data}
              weights={weights}
              marks={marks}
              scores={scores}
              buttons={meta.buttons}
              onChanged={() => qc.invalidateQueries({ queryKey: ['srm'] })}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
