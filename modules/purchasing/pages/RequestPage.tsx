import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  useApi,
  useListProps,
  useRecordOpener,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Button, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { purchaseRequest } from '../request.entity';

type Dialog = 'safety' | 'plan' | null;

/** 采购申请: the generic list, and requests made from the below-safety-stock list or a plan's shortages. */
export function RequestPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const props = useListProps(meta);
  const api = useApi();
  const qc = useQueryClient();
  const opener = useRecordOpener();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const mayAdd = !props.buttons || props.buttons.has('add');

  const make = async (path: string, body: unknown) => {
    try {
      const made = await api.data<Row>(path, { method: 'POST', body });
      await qc.invalidateQueries({ queryKey: entityKeys.all(purchaseRequest.name) });
      setDialog(null);
      message.success(t('request.made', { no: String(made.Doc_NO) }));
      opener(purchaseRequest.name, Number(made.Request_ID))?.();
    } catch {
      // the api client shows the refusal
    }
  };

  return (
    <>
      {mayAdd && (
        <Space style={{ marginBottom: 8 }}>
          <Button onClick={() => setDialog('safety')} data-testid="request-from-safety">
            {t('request.fromSafety')}
          </Button>
          <Button onClick={() => setDialog('plan')} data-testid="request-from-plan">
            {t('request.fromPlan')}
          </Button>
        </Space>
      )}
      <EntityListPage def={purchaseRequest} {...props} />
      {dialog === 'safety' && (
        <SafetyDialog
          onClose={() => setDialog(null)}
          onMake={(ids) => make('/PurchaseRequest/FromBelowSafety', { Material_IDs: ids })}
        />
      )}
      {dialog === 'plan' && (
        <PlanDialog
          onClose={() => setDialog(null)}
          onMake={(id) => make('/PurchaseRequest/FromPlan', { Plan_ID: id })}
        />
      )}
    </>
  );
}

/** The below-safety-stock list (inventory's report); the selected rows become one request. */
function SafetyDialog({ onClose, onMake }: { onClose: () => void; onMake: (ids: number[]) => void }) {
  const t = useModuleText(texts);
  const api = useApi();
  const [selected, setSelected] = useState<number[]>([]);
  const q = useQuery({
    queryKey: ['purchasing', 'belowSafety'],
    queryFn: () => api.data<Row[]>('/StockReport/BelowSafety', { query: { PageSize: 500 } }),
  });
  return (
    <Modal
      open
      width={820}
      title={t('request.fromSafety')}
      onCancel={onClose}
      okText={t('request.make')}
      okButtonProps={{ disabled: !selected.length, 'data-testid': 'make-from-safety' } as ButtonProps}
      onOk={() => onMake(selected)}
    >
      <Table
        size="small"
        rowKey="Material_ID"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ y: 420 }}
        data-testid="safety-rows"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: t('col.materialNumber'), dataIndex: 'Material_Number' },
          { title: t('col.materialName'), dataIndex: 'Material_Name' },
          { title: t('col.safety'), dataIndex: 'Safety_Stock', align: 'right' },
          { title: t('col.onHand'), dataIndex: 'Qty', align: 'right' },
          { title: t('col.shortfall'), dataIndex: 'Shortfall', align: 'right' },
        ]}
      />
    </Modal>
  );
}

/** A production plan to take the bought shortages of (its MRP-lite result). */
function PlanDialog({ onClose, onMake }: { onClose: () => void; onMake: (id: number) => void }) {
  const t = useModuleText(texts);
  const api = useApi();
  const [plan, setPlan] = useState<number | undefined>();
  const q = useQuery({
    queryKey: ['purchasing', 'plans'],
    queryFn: () => api.data<Row[]>('/ProducePlan', { query: { PageSize: 200, Sort: '-Plan_Date' } }),
  });
  return (
    <Modal
      open
      title={t('request.fromPlan')}
      onCancel={onClose}
      okText={t('request.make')}
      okButtonProps={{ disabled: !plan, 'data-testid': 'make-from-plan' } as ButtonProps}
      onOk={() => plan && onMake(plan)}
    >
      <Select
        style={{ width: '100%' }}
        showSearch
        optionFilterProp="label"
        placeholder={t('request.pickPlan')}
        loading={q.isLoading}
        value={plan}
        onChange={setPlan}
        data-testid="plan-select"
        options={(q.data ?? []).map((p) => ({
          value: Number(p.Plan_ID),
          label: `${p.List_NO} ${p.Plan_Date ?? ''}`,
        }))}
      />
    </Modal>
  );
}
