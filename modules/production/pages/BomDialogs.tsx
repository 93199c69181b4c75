import { RefSelect, useApi } from '@mes/engine-web/entity';
import { useLang, useModuleText } from '@mes/engine-web/i18n';
import { localText } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { Button, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { bom as bomDef, bomNode } from '../bom.entity';
import { texts } from '../locales';
import type { BomNodeRow } from './bomTree';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** Adds a node under `parent` or edits `node`: material, quantity, scrap, price and remarks. */
export function NodeDialog({
  bomId,
  parent,
  node,
  onClose,
  onSaved,
}: {
  bomId: number;
  parent: number | null;
  node: BomNodeRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      Material_ID: v.Material_ID,
      Qty: num(v.Qty),
      Scrap_Rate: num(v.Scrap_Rate),
      Price: num(v.Price),
      Design_Remark: v.Design_Remark || null,
      Remark: v.Remark || null,
      Is_Qutsourcing: !!v.Is_Qutsourcing,
    };
    setBusy(true);
    try {
      if (node) await api.put('/BomNode', { ID: node.ID, Version: node.Version, ...body });
      else await api.post('/BomNode', { Bom_ID: bomId, Parent_ID: parent, ...body });
      onSaved();
    } catch {
      // the api client shows the server's message (a loop, a locked BOM...)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={node ? t('editNode') : parent ? t('addChild') : t('addRoot')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'bom-node-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          node
            ? {
                Material_ID: node.Material_ID,
                Qty: node.Qty,
                Scrap_Rate: node.Scrap_Rate,
                Price: node.Price,
                Design_Remark: node.Design_Remark,
                Remark: node.Remark,
                Is_Qutsourcing: node.Is_Qutsourcing,
              }
            : { Qty: '1' }
        }
      >
        <Form.Item
          name="Material_ID"
          label={t('material')}
          rules={[{ required: true }]}
          data-testid="bom-node-material"
        >
          <RefSelect field={bomNode.fields.Material_ID} initialLabel={node?.Material_Name} />
        </Form.Item>
        <Space>
          <Form.Item name="Qty" label={t('qty')} rules={[{ required: true }]}>
            <InputNumber<string> stringMode min="0.000001" data-testid="bom-node-qty" />
          </Form.Item>
          <Form.Item name="Scrap_Rate" label={t('scrap')}>
            <InputNumber<string> stringMode min="0" max="100" />
          </Form.Item>
          <Form.Item name="Price" label={t('price')}>
            <InputNumber<string> stringMode min="0" />
          </Form.Item>
        </Space>
        <Form.Item name="Design_Remark" label={t('designRemark')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="Remark" label={t('remark')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="Is_Qutsourcing" valuePropName="checked">
          <Checkbox>{t('outsourced')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface Need {
  Material_ID: number;
  Material_Number: string;
  Material_Name: string;
  Unit_Name: string | null;
  Unit_Name_En?: string | null;
  Qty: string;
}

/** Explosion for a quantity: total requirement of every leaf material, scrap included. */
export function ExplodeDialog({ bomId, onClose }: { bomId: number; onClose: () => void }) {
  const t = useModuleText(texts);
  const lang = useLang();
  const api = useApi();
  const [qty, setQty] = useState('1');
  const [asked, setAsked] = useState('1');
  const q = useQuery({
    queryKey: ['prod', 'explode', bomId, asked],
    queryFn: () =>
      api.data<{ Leaves: Need[]; Intermediates: Need[]; Depth: number; Node_Count: number }>(
        `/Bom/${bomId}/Explode`,
        { query: { Qty: asked } },
      ),
  });
  const cols = [
    { title: t('materialNumber'), dataIndex: 'Material_Number' },
    { title: t('materialName'), dataIndex: 'Material_Name' },
    { title: t('qty'), dataIndex: 'Qty', align: 'right' as const },
    {
      title: t('unit'),
      dataIndex: 'Unit_Name',
      width: 70,
      render: (_v: unknown, r: Need) => String(localText({ ...r }, 'Unit_Name', lang) ?? ''),
    },
  ];
  return (
    <Modal open width={760} title={t('explode')} onCancel={onClose} footer={null}>
      <Space style={{ marginBottom: 12 }}>
        {t('qty')}
        <InputNumber<string>
          stringMode
          min="0.000001"
          value={qty}
          onChange={(v) => setQty(v ?? '1')}
          data-testid="explode-qty"
        />
        <Button type="primary" onClick={() => setAsked(qty)} data-testid="explode-run">
          {t('run')}
        </Button>
        {q.data && (
          <Tag>
            {t('level')} {q.data.Depth} · {q.data.Node_Count}
          </Tag>
        )}
      </Space>
      <h4>{t('leafTotals')}</h4>
      <Table<Need>
        size="small"
        rowKey="Material_ID"
        loading={q.isLoading}
        dataSource={q.data?.Leaves ?? []}
        columns={cols}
        pagination={false}
        data-testid="explode-leaves"
      />
      <h4 style={{ marginTop: 12 }}>{t('intermediates')}</h4>
      <Table<Need>
        size="small"
        rowKey="Material_ID"
        dataSource={q.data?.Intermediates ?? []}
        columns={cols}
        pagination={false}
      />
    </Modal>
  );
}

/** Cost of one unit: leaf prices plus the operations of every made level. */
export function CostDialog({
  bomId,
  nodes,
  onClose,
}: {
  bomId: number;
  nodes: BomNodeRow[];
  onClose: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const q = useQuery({
    queryKey: ['prod', 'cost', bomId],
    queryFn: () =>
      api.data<{
        Material_Cost: string;
        Operation_Cost: string;
        Unit_Cost: string;
        Lines: { ID: number; Qty: string; Unit_Cost: string; Amount: string }[];
      }>(`/Bom/${bomId}/Cost`, { query: { Lines: '1' } }),
  });
  const by = new Map(nodes.map((n) => [n.ID, n]));
  return (
    <Modal open width={760} title={t('cost')} onCancel={onClose} footer={null}>
      {q.data && (
        <Descriptions
          size="small"
          column={3}
          bordered
          style={{ marginBottom: 12 }}
          data-testid="cost-summary"
        >
          <Descriptions.Item label={t('materialCost')}>{q.data.Material_Cost}</Descriptions.Item>
          <Descriptions.Item label={t('operationCost')}>{q.data.Operation_Cost}</Descriptions.Item>
          <Descriptions.Item label={t('unitCost')}>{q.data.Unit_Cost}</Descriptions.Item>
        </Descriptions>
      )}
      <Table
        size="small"
        rowKey="ID"
        loading={q.isLoading}
        dataSource={(q.data?.Lines ?? [])
          .map((l) => ({ ...l, node: by.get(l.ID) }))
          .sort((a, b) =>
            (a.node?.Node_Index ?? '').localeCompare(b.node?.Node_Index ?? '', undefined, { numeric: true }),
          )}
        pagination={false}
        columns={[
          { title: t('level'), render: (_, r) => r.node?.Node_Index },
          {
            title: t('material'),
            render: (_, r) => `${r.node?.Material_Number ?? ''} ${r.node?.Material_Name ?? ''}`,
          },
          { title: t('qty'), render: (_, r) => r.node?.Qty, align: 'right' },
          { title: t('scrap'), render: (_, r) => r.node?.Scrap_Rate ?? '', align: 'right' },
          // the quantity the amount is computed from: qty × (1 + scrap %), so qty × unit cost = amount
          { title: t('qtyWithScrap'), dataIndex: 'Qty', align: 'right' },
          { title: t('unitCostCol'), dataIndex: 'Unit_Cost', align: 'right' },
          { title: t('amount'), dataIndex: 'Amount', align: 'right' },
        ]}
      />
    </Modal>
  );
}

/** Which BOMs use a material, directly (level 1) or through the products that use it. */
export function WhereUsedDialog({
  initial,
  initialLabel,
  onClose,
}: {
  initial: number | null;
  /** The first material's code and name: the picker has not loaded it, and would show its id. */
  initialLabel?: string;
  onClose: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const [material, setMaterial] = useState<number | null>(initial);
  const q = useQuery({
    queryKey: ['prod', 'whereUsed', material],
    queryFn: () =>
      api.data<Record<string, unknown>[]>('/Bom/WhereUsed', {
        query: { Material_ID: material ?? undefined },
      }),
    enabled: material !== null,
  });
  return (
    <Modal open width={760} title={t('whereUsed')} onCancel={onClose} footer={null}>
      <div style={{ marginBottom: 12 }}>
        <RefSelect
          field={bomNode.fields.Material_ID}
          value={material}
          initialLabel={material === initial ? initialLabel : undefined}
          onChange={(v) => setMaterial((v as number) ?? null)}
        />
      </div>
      <Table
        size="small"
        rowKey="Bom_ID"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: t('level'), dataIndex: 'Level', width: 60 },
          { title: 'BOM', dataIndex: 'List_NO' },
          { title: t('product'), render: (_, r) => `${r.Product_Number} ${r.Product_Name}` },
          { title: t('version'), dataIndex: 'BOM_Version', width: 60 },
          { title: t('viaMaterial'), render: (_, r) => `${r.Via_Material_Number} ${r.Via_Material_Name}` },
          { title: t('qty'), dataIndex: 'Qty', align: 'right' },
        ]}
      />
    </Modal>
  );
}

/** Starts a BOM for a product: the product is all it needs. */
export function NewBomDialog({ onClose, onDone }: { onClose: () => void; onDone: (id: number) => void }) {
  const t = useModuleText(texts);
  const api = useApi();
  const [product, setProduct] = useState<number | null>(null);
  return (
    <Modal
      open
      title={t('newBom')}
      onCancel={onClose}
      okButtonProps={{ disabled: !product, 'data-testid': 'bom-new-ok' } as ButtonProps}
      onOk={async () => {
        try {
          const r = await api.data<{ Bom_ID: number }>('/Bom', {
            method: 'POST',
            body: { Material_ID: product },
          });
          onDone(r.Bom_ID);
        } catch {
          // shown by the api client
        }
      }}
    >
      <div data-testid="bom-new-product">
        <RefSelect
          field={bomDef.fields.Material_ID}
          value={product}
          onChange={(v) => setProduct((v as number) ?? null)}
        />
      </div>
    </Modal>
  );
}
