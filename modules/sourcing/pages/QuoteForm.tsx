import { formatDateTime, type Row, useApi } from '@mes/engine-web/entity';
import { useLang, useModuleText } from '@mes/engine-web/i18n';
import { localText } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Input,
  InputNumber,
  message,
  Space,
  Table,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { texts } from '../locales';
import { QuoteFiles } from './QuoteFiles';

interface Item {
  Item_NO: number;
  Part_Number: string;
  Part_Name: string;
  Drawing_NO: string | null;
  Unit_Name: string | null;
  Unit_Name_En?: string | null;
  Annual_Qty: string;
  QC: string | null;
  Tooling: string | null;
  CAV: number | null;
  Unit_Price: string | null;
  Tooling_Cost: string | null;
  Lead_Time_Days: number | null;
  MOQ: string | null;
  Remark: string | null;
  Declined?: boolean;
}
type Detail = Row & { Items: Item[]; History: Row[]; Editable: boolean; Server_Time: string };

const until = (end: string, now: number) => {
  const ms = Math.max(0, new Date(end).getTime() - now);
  const d = Math.floor(ms / 86_400_000);
  const h = Math.floor((ms % 86_400_000) / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  return d ? `${d}d ${h}h ${m}m` : `${h}h ${m}m`;
};

/** A price the server accepts: a decimal above zero (InputNumber's min would turn −1 into 0). */
const positive = (v: string | null) => v !== null && /^\d*\.?\d+$/.test(v.trim()) && Number(v) > 0;

/**
 * What the server would refuse, checked before sending (the server checks again): a price must be
 * above zero, and a submission prices every part or declines it (不报价), and prices one at least.
 */
export function quoteProblem(
  items: Pick<Item, 'Item_NO' | 'Unit_Price' | 'Declined'>[],
  submit: boolean,
): { key: 'priceNotPositive' | 'priceMissing' | 'nothingQuoted'; item?: number; items?: string } | null {
  const live = items.filter((i) => !i.Declined);
  const bad = live.find((i) => (i.Unit_Price ?? '') !== '' && !positive(i.Unit_Price));
  if (bad) return { key: 'priceNotPositive', item: bad.Item_NO };
  if (!submit) return null;
  const open = live.filter((i) => !positive(i.Unit_Price));
  if (open.length) return { key: 'priceMissing', items: open.map((i) => i.Item_NO).join(', ') };
  if (!live.length) return { key: 'nothingQuoted' };
  return null;
}

/** One quotation: the SOW facts, a price row per part, save draft / submit / revise until the end time. */
export function QuoteForm({
  offerId,
  onBack,
  statusTag,
}: {
  offerId: number;
  onBack: () => void;
  statusTag: (v: unknown) => ReactNode;
}) {
  const t = useModuleText(texts);
  const lang = useLang();
  const api = useApi();
  const q = useQuery({
    queryKey: ['srm', 'portal', 'offer', offerId],
    queryFn: () => api.data<Detail>(`/SRM/Portal/Offers/${offerId}`),
    staleTime: 0,
  });
  const [items, setItems] = useState<Item[]>([]);
  const [head, setHead] = useState<{
    LTA: string | null;
    QS: string | null;
    Project_Node: string | null;
    Remark: string | null;
  }>({
    LTA: null,
    QS: null,
    Project_Node: null,
    Remark: null,
  });
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const d = q.data;
  useEffect(() => {
    if (!d) return;
    setItems(d.Items);
    setHead({
      LTA: (d.LTA as string) ?? null,
      QS: (d.QS as string) ?? null,
      Project_Node: (d.Project_Node as string) ?? null,
      Remark: (d.Remark as string) ?? null,
    });
  }, [d]);
  if (!d) return <Card loading />;
  // the end time is judged on the server; the page only stops offering what would be refused
  const editable = d.Editable && new Date(String(d.End_Time)).getTime() > now;
  const set = (no: number, k: keyof Item, v: unknown) =>
    setItems((xs) => xs.map((x) => (x.Item_NO === no ? { ...x, [k]: v } : x)));
  const save = async (submit: boolean) => {
    const problem = quoteProblem(items, submit);
    if (problem) {
      void message.error(t(`portal.${problem.key}`, problem));
      return;
    }
    setBusy(true);
    try {
      await api.post('/SRM/Portal/Quote', {
        Sow_ID: d.Sow_ID,
        Round_NO: d.Round_NO,
        Version: d.Version,
        Submit: submit,
        ...head,
        Items: items.map((i) => ({
          Item_NO: i.Item_NO,
          Unit_Price: i.Declined ? null : i.Unit_Price || null,
          Declined: Boolean(i.Declined),
          Tooling_Cost: i.Declined ? null : i.Tooling_Cost || null,
          Lead_Time_Days: i.Lead_Time_Days ?? null,
          MOQ: i.MOQ || null,
          Remark: i.Remark || null,
        })),
      });
      void message.success(submit ? t('portal.submitted') : t('portal.saved'));
      await q.refetch();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  const num = (no: number, k: 'Unit_Price' | 'Tooling_Cost' | 'MOQ', v: string | null, off = false) => (
    <InputNumber
      min={k === 'Unit_Price' ? undefined : '0'}
      stringMode
      size="small"
      disabled={!editable || off}
      value={v ?? undefined}
      onChange={(x) => set(no, k, x ?? null)}
      style={{ width: 110 }}
      data-testid={`quote-${k}-${no}`}
    />
  );
  const status = Number(d.Offer_Status);
  return (
    <Card
      title={`${d.Sow_NO} · ${d.Project_Name} · ${t('portal.round')} ${d.Round_NO}`}
      extra={<Button onClick={onBack}>{t('portal.back')}</Button>}
      data-testid="quote-form"
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {!editable && new Date(String(d.Start_Time)).getTime() > now && (
          <Alert type="info" showIcon title={t('portal.notStarted')} />
        )}
        {!editable && new Date(String(d.Start_Time)).getTime() <= now && (
          <Alert type="warning" showIcon title={t('portal.readOnly')} data-testid="quote-readonly" />
        )}
        {status === 4 && (
          <Alert
            type="success"
            showIcon
            title={t('portal.passedMsg', { parts: d.Result_Msg ?? '' })}
            data-testid="quote-result"
          />
        )}
        {status === 3 && (
          <Alert type="error" showIcon title={t('portal.rejectedMsg')} data-testid="quote-result" />
        )}
        <Descriptions size="small" bordered column={3}>
          <Descriptions.Item label={t('portal.status')}>{statusTag(d.Offer_Status)}</Descriptions.Item>
          <Descriptions.Item label={t('portal.end')}>
            {formatDateTime(d.End_Time, 'minute')}
            {editable && (
              <Typography.Text type="warning" style={{ marginLeft: 8 }}>
                {t('portal.remaining', { time: until(String(d.End_Time), now) })}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('portal.vehicle')}>{String(d.Vehicle_Model ?? '')}</Descriptions.Item>
          <Descriptions.Item label={t('portal.currency')}>{String(d.Currency_Name ?? '')}</Descriptions.Item>
          <Descriptions.Item label={t('portal.lifeTime')}>
            {String(d.Life_Time_Years ?? '')}
          </Descriptions.Item>
          <Descriptions.Item label={t('portal.toolingTerm')}>
            {String(d.Tooling_Payment_Term ?? '')}
          </Descriptions.Item>
          <Descriptions.Item label={t('portal.totalAmount')}>
            {String(d.Total_Amount ?? '')}
          </Descriptions.Item>
          <Descriptions.Item label={t('portal.toolingTotal')}>
            {String(d.Tooling_Total ?? '')}
          </Descriptions.Item>
          <Descriptions.Item label={t('portal.revision')}>{String(d.Revision ?? 0)}</Descriptions.Item>
        </Descriptions>
        <Flex gap={12} wrap>
          <Space>
            {t('portal.lta')}
            <InputNumber
              min="0"
              max="100"
              stringMode
              disabled={!editable}
              value={head.LTA ?? undefined}
              onChange={(v) => setHead({ ...head, LTA: v ?? null })}
            />
          </Space>
          <Space>
            {t('portal.qs')}
            <Input
              disabled={!editable}
              maxLength={60}
              value={head.QS ?? ''}
              onChange={(e) => setHead({ ...head, QS: e.target.value || null })}
            />
          </Space>
          <Space>
            {t('portal.node')}
            <Input
              disabled={!editable}
              maxLength={60}
              value={head.Project_Node ?? ''}
              onChange={(e) => setHead({ ...head, Project_Node: e.target.value || null })}
            />
          </Space>
        </Flex>
        <Table<Item>
          size="small"
          bordered
          pagination={false}
          rowKey="Item_NO"
          scroll={{ x: 'max-content' }}
          dataSource={items}
          columns={[
            { key: 'i', title: '#', dataIndex: 'Item_NO', width: 40 },
            { key: 'pn', title: t('portal.partNumber'), dataIndex: 'Part_Number' },
            { key: 'nm', title: t('portal.partName'), dataIndex: 'Part_Name' },
            { key: 'dw', title: t('portal.drawing'), dataIndex: 'Drawing_NO' },
            {
              key: 'u',
              title: t('portal.unit'),
              dataIndex: 'Unit_Name',
              // the unit in the reader's language (bilingual seeded names)
              render: (_v: unknown, r: Item) => String(localText({ ...r }, 'Unit_Name', lang) ?? ''),
            },
            { key: 'q', title: t('portal.annualQty'), dataIndex: 'Annual_Qty', align: 'right' },
            { key: 'qc', title: t('portal.qc'), dataIndex: 'QC' },
            { key: 'cav', title: t('portal.cav'), dataIndex: 'CAV' },
            {
              key: 'up',
              title: t('portal.unitPrice'),
              render: (_v, r) => num(r.Item_NO, 'Unit_Price', r.Unit_Price, r.Declined),
            },
            {
              key: 'dc',
              title: t('portal.declined'),
              render: (_v, r) => (
                <Checkbox
                  disabled={!editable}
                  checked={Boolean(r.Declined)}
                  onChange={(e) => set(r.Item_NO, 'Declined', e.target.checked)}
                  data-testid={`quote-Declined-${r.Item_NO}`}
                />
              ),
            },
            {
              key: 'tc',
              title: t('portal.toolingCost'),
              render: (_v, r) => num(r.Item_NO, 'Tooling_Cost', r.Tooling_Cost, r.Declined),
            },
            {
              key: 'lt',
              title: t('portal.leadTime'),
              render: (_v, r) => (
                <InputNumber
                  min={0}
                  max={3650}
                  precision={0}
                  size="small"
                  disabled={!editable}
                  value={r.Lead_Time_Days ?? undefined}
                  onChange={(x) => set(r.Item_NO, 'Lead_Time_Days', x ?? null)}
                  style={{ width: 80 }}
                />
              ),
            },
            { key: 'moq', title: t('portal.moq'), render: (_v, r) => num(r.Item_NO, 'MOQ', r.MOQ) },
            {
              key: 'rm',
              title: t('portal.remark'),
              render: (_v, r) => (
                <Input
                  size="small"
                  disabled={!editable}
                  maxLength={200}
                  value={r.Remark ?? ''}
                  onChange={(e) => set(r.Item_NO, 'Remark', e.target.value)}
                  style={{ width: 140 }}
                />
              ),
            },
          ]}
        />
        {editable && (
          <Flex gap={8} justify="end">
            {status === 1 && (
              <Button loading={busy} onClick={() => save(false)} data-testid="quote-draft">
                {t('portal.saveDraft')}
              </Button>
            )}
            <Button type="primary" loading={busy} onClick={() => save(true)} data-testid="quote-submit">
              {status === 2 ? t('portal.resubmit') : t('portal.submit')}
            </Button>
          </Flex>
        )}
        <QuoteFiles sowId={Number(d.Sow_ID)} offerId={offerId} editable={editable} />
        {d.History.length > 1 && (
          <Card size="small" title={t('portal.myHistory')}>
            <Table
              size="small"
              pagination={false}
              rowKey="Offer_ID"
              dataSource={d.History}
              columns={[
                { key: 'r', title: t('portal.round'), dataIndex: 'Round_NO' },
                { key: 's', title: t('portal.status'), render: (_v, r) => statusTag(r.Offer_Status) },
                { key: 'a', title: t('portal.totalAmount'), dataIndex: 'Total_Amount', align: 'right' },
                { key: 'tt', title: t('portal.toolingTotal'), dataIndex: 'Tooling_Total', align: 'right' },
              ]}
            />
          </Card>
        )}
      </Space>
    </Card>
  );
}
