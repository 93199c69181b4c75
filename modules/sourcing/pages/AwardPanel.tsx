import { type Row, useApi } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import {
  Button,
  Card,
  Flex,
  Input,
  Modal,
  message,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { texts } from '../locales';
import type { Texts } from '../locales/zh';
import type { Score, SupplierMarks } from '../logic/compare';
import type { ComparisonData } from './compareTable';

interface Props {
  data: ComparisonData;
  weights: ComparisonData['Weights'];
  marks: SupplierMarks[];
  scores: Score[];
  buttons?: string[];
  onChanged: () => void;
}

const STATE_COLOR: Record<string, string> = {
  '1': 'default',
  '2': 'processing',
  '3': 'success',
  '9': 'default',
};

/**
 * The award per part or for the whole SOW, saved as a bid evaluation and taken through the
 * approval flow (approve, transfer to another approver, reject with a reason).
 */
export function AwardPanel({ data, weights, marks, scores, buttons, onChanged }: Props) {
  const t = useModuleText(texts);
  const api = useApi();
  const round = Number(data.Sow.Current_Round ?? 0);
  const may = (b: string) => !buttons || buttons.includes(b);
  const bid = data.Bid;
  const [mode, setMode] = useState<1 | 2>(1);
  const [choice, setChoice] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'transfer' | 'reject' | null>(null);

  // who may be chosen per part: suppliers with a price for it in the last round
  const quotedBy = (item: number) =>
    data.Suppliers.filter((s) => {
      const cells = data.Rows.find((r) => r.Item_NO === item)?.cells[Number(s.Supplier_ID)] ?? [];
      return cells.some((c) => c.Round_NO === round);
    });
  const best = useMemo(
    () => [...scores].sort((a, b) => Number(b.Total_Score) - Number(a.Total_Score))[0]?.Supplier_ID,
    [scores],
  );
  useEffect(() => {
    const init: Record<number, number> = {};
    for (const r of data.Rows) {
      const inRound = r.lowest.filter((sid) => (r.cells[sid] ?? []).some((c) => c.Round_NO === round));
      if (inRound[0]) init[r.Item_NO] = inRound[0];
    }
    setChoice(init);
  }, [data, round]);
  const awardOf = (item: number) => (mode === 2 ? best : choice[item]);

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      void message.success(t('compare.award'));
      onChanged();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  // the award is saved as a draft bid evaluation; approving it (by the configured approver) publishes it
  const create = () =>
    run(() =>
      api.post<Row>('/BidEvaluation', {
        Sow_ID: data.Sow.Sow_ID,
        Award_Mode: mode,
        Price_Weight: weights.price,
        Quality_Weight: weights.quality,
        Delivery_Weight: weights.delivery,
        Risk_Weight: weights.risk,
        Awards: data.Parts.map((p) => ({ Item_NO: p.Item_NO, Supplier_ID: awardOf(p.Item_NO) })),
        Scores: marks,
      }),
    );
  const approve = (extra: object = {}) =>
    run(() => api.post('/BidEvaluation/Approve', { Bid_ID: bid?.Bid_ID, ...extra }));

  if (bid) {
    const state = String(bid.State) as keyof Texts['compare']['bidStates'];
    return (
      <Card size="small" title={t('compare.bid', { no: bid.Bid_NO })} data-testid="award-bid">
        <Flex gap={12} align="center" wrap>
          <Tag color={STATE_COLOR[state]} data-testid="award-bid-state">
            {t(`compare.bidStates.${state}`)}
          </Tag>
          {(state === '1' || state === '2') && may('approve') && (
            <Space>
              <Button type="primary" loading={busy} onClick={() => approve()} data-testid="award-approve">
                {t('compare.approve')}
              </Button>
              <Button onClick={() => setDialog('transfer')}>{t('compare.transfer')}</Button>
              {may('reject') && (
                <Button danger onClick={() => setDialog('reject')}>
                  {t('compare.reject')}
                </Button>
              )}
            </Space>
          )}
        </Flex>
        {dialog === 'transfer' && (
          <TransferDialog onClose={() => setDialog(null)} onOk={(id) => approve({ Next_User_ID: id })} />
        )}
        {dialog === 'reject' && (
          <RejectDialog
            onClose={() => setDialog(null)}
            onOk={(reason) =>
              run(() => api.post('/BidEvaluation/Rejected', { Bid_ID: bid.Bid_ID, Rejected_Msg: reason }))
            }
          />
        )}
      </Card>
    );
  }
  if (!may('add')) return null;
  return (
    <Card size="small" title={t('compare.award')} data-testid="award-panel">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} data-testid="award-mode">
          <Radio value={1}>{t('compare.perPart')}</Radio>
          <Radio value={2}>{t('compare.wholeSow')}</Radio>
        </Radio.Group>
        <Table
          size="small"
          pagination={false}
          rowKey="Item_NO"
          dataSource={data.Parts}
          columns={[
            { key: 'i', title: '#', dataIndex: 'Item_NO', width: 48 },
            { key: 'p', title: t('compare.part'), render: (_v, p) => `${p.Part_Number} ${p.Part_Name}` },
            {
              key: 's',
              title: t('compare.awardTo'),
              render: (_v, p) => (
                <Select
                  style={{ width: 220 }}
                  disabled={mode === 2}
                  value={awardOf(p.Item_NO)}
                  onChange={(v) => setChoice({ ...choice, [p.Item_NO]: v })}
                  data-testid={`award-${p.Item_NO}`}
                  options={quotedBy(p.Item_NO).map((s) => ({
                    value: Number(s.Supplier_ID),
                    label: String(s.Short_Name),
                  }))}
                />
              ),
            },
            {
              key: 'price',
              title: t('compare.awardedPrice'),
              align: 'right',
              render: (_v, p) => {
                const sid = awardOf(p.Item_NO);
                const cells = sid ? (data.Rows.find((r) => r.Item_NO === p.Item_NO)?.cells[sid] ?? []) : [];
                return cells.find((c) => c.Round_NO === round)?.Unit_Price ?? '';
              },
            },
          ]}
        />
        <Button
          type="primary"
          loading={busy}
          disabled={data.Parts.some((p) => !awardOf(p.Item_NO))}
          onClick={create}
          data-testid="award-submit"
        >
          {t('compare.createAward')}
        </Button>
        <Typography.Text type="secondary">{t('compare.lowestHint')}</Typography.Text>
      </Space>
    </Card>
  );
}

function TransferDialog({ onClose, onOk }: { onClose: () => void; onOk: (id: number) => void }) {
  const t = useModuleText(texts);
  const api = useApi();
  const [users, setUsers] = useState<Row[]>([]);
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    void api
      .data<Row[]>('/ApprovalSetting/Approvers')
      .then(setUsers)
      .catch(() => undefined);
  }, [api]);
  return (
    <Modal
      open
      width={400}
      title={t('compare.transfer')}
      onCancel={onClose}
      okButtonProps={{ disabled: !id }}
      onOk={() => {
        if (!id) return;
        onOk(id);
        onClose();
      }}
    >
      <Select
        style={{ width: '100%' }}
        placeholder={t('compare.nextApprover')}
        value={id ?? undefined}
        onChange={setId}
        options={users.map((u) => ({
          value: Number(u.User_ID),
          label: String(u.User_Name),
          disabled: !!u.Disabled,
        }))}
      />
    </Modal>
  );
}

function RejectDialog({ onClose, onOk }: { onClose: () => void; onOk: (reason: string) => void }) {
  const t = useModuleText(texts);
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      width={400}
      title={t('compare.reject')}
      onCancel={onClose}
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      onOk={() => {
        onOk(reason.trim());
        onClose();
      }}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        placeholder={t('compare.rejectReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
