import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EntityListPage,
  entityKeys,
  RefSelect,
  type Row,
  useApi,
  useRecordOpener,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { producePlan, WORK_ORDER_TYPES, workDoc, workOrder } from '../plan.entity';
import { CreatedList } from './CreatedLinks';

export interface ProductionPageProps {
  meta: { buttons?: string[]; title: { zh: string; en: string } };
}
const buttonsOf = (meta: ProductionPageProps['meta']) => (meta.buttons ? new Set(meta.buttons) : undefined);

/** Work docs (/PD/list/WorkDoc and its records page): the generic list plus Issue and Case close. */
export function WorkDocPage({ meta, caseClose = false }: ProductionPageProps & { caseClose?: boolean }) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [closing, setClosing] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  const refresh = () => qc.invalidateQueries({ queryKey: entityKeys.all(workDoc.name) });
  return (
    <>
      <EntityListPage
        def={workDoc}
        title={label(meta.title)}
        buttons={buttonsOf(meta)}
        rowActions={(r) => (
          <Space size={0}>
            {!caseClose && r.State === 3 && r.Work_Status === 1 && may('edit') && (
              <Button
                type="link"
                size="small"
                onClick={() => setIssuing(r)}
                data-testid={`issue-${r.List_NO}`}
              >
                {t('issue')}
              </Button>
            )}
            {[2, 3, 4].includes(Number(r.Work_Status)) && r.State === 3 && may('close') && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setReason('');
                  setClosing(r);
                }}
                data-testid={`case-close-${r.List_NO}`}
              >
                {t('caseClose')}
              </Button>
            )}
          </Space>
        )}
      />
      {issuing && (
        <IssueDialog
          doc={issuing}
          onClose={() => setIssuing(null)}
          onDone={async () => {
            setIssuing(null);
            message.success(t('ok'));
            await refresh();
            await qc.invalidateQueries({ queryKey: entityKeys.all(workOrder.name) });
          }}
        />
      )}
      {closing && (
        <Modal
          open
          title={`${t('caseCloseTitle')} ${closing.List_NO}`}
          onCancel={() => setClosing(null)}
          okButtonProps={{ disabled: !reason.trim() }}
          onOk={async () => {
            try {
              await api.post('/WorkDoc/CaseClose', {
                Work_Doc_ID: closing.Work_Doc_ID,
                Close_Reason: reason.trim(),
              });
              setClosing(null);
              message.success(t('ok'));
              await refresh();
            } catch {
              // shown by the api client
            }
          }}
        >
          <Input.TextArea
            rows={3}
            placeholder={t('closeReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Modal>
      )}
    </>
  );
}

function IssueDialog({ doc, onClose, onDone }: { doc: Row; onClose: () => void; onDone: () => void }) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const [form] = Form.useForm();
  const types = WORK_ORDER_TYPES.map((o) => ({ value: o.value, label: label(o.label) }));
  return (
    <Modal
      open
      width={760}
      title={`${t('issueTitle')} ${doc.List_NO}`}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'issue-ok' } as ButtonProps}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          await api.post('/WorkDoc/Issue', {
            Work_Doc_ID: doc.Work_Doc_ID,
            Orders: (v.Orders as Row[]).map((o) => ({
              Qty: String(o.Qty),
              Order_Type: o.Order_Type,
              ...(o.Work_Station_ID ? { Work_Station_ID: o.Work_Station_ID } : {}),
            })),
          });
          onDone();
        } catch {
          // shown by the api client
        }
      }}
    >
      <p>
        {String(doc.Material_Name)} × {Number(doc.Qty)} — {t('splitHint')}
      </p>
      <Form
        form={form}
        initialValues={{ Orders: [{ Qty: String(Number(doc.Qty)), Order_Type: doc.Order_Type }] }}
      >
        <Form.List name="Orders">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'Qty']} rules={[{ required: true }]}>
                    <InputNumber<string> stringMode min="0.0001" placeholder={t('qty')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'Order_Type']} rules={[{ required: true }]}>
                    <Select options={types} style={{ width: 140 }} placeholder={t('orderType')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'Work_Station_ID']}>
                    <RefSelect field={workOrder.fields.Work_Station_ID} />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} />}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ Order_Type: doc.Order_Type })}
              >
                {t('addSplit')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** 结案 (Factory.caseClose): the work docs with Case close. */
export function CaseClosePage({ meta }: ProductionPageProps) {
  return <WorkDocPage meta={meta} caseClose />;
}

/** Production plans (/PD/PDPlan/ProducePlanRecord): the list, MRP-lite requirements and work docs from them. */
export function ProducePlanPage({ meta }: ProductionPageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const opener = useRecordOpener();
  const [plan, setPlan] = useState<Row | null>(null);
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  return (
    <>
      <EntityListPage
        def={producePlan}
        title={label(meta.title)}
        buttons={buttonsOf(meta)}
        rowActions={(r) => (
          <Button
            type="link"
            size="small"
            onClick={() => setPlan(r)}
            data-testid={`requirements-${r.List_NO}`}
          >
            {t('requirements')}
          </Button>
        )}
      />
      {plan && (
        <RequirementsDialog
          plan={plan}
          mayCreate={plan.State === 3 && may('add')}
          onClose={() => setPlan(null)}
          onCreate={async () => {
            try {
              const docs = await api.data<Row[]>('/ProducePlan/CreateWorkDocs', {
                method: 'POST',
                body: { Plan_ID: plan.Plan_ID },
              });
              await qc.invalidateQueries({ queryKey: entityKeys.all(workDoc.name) });
              setPlan(null);
              if (!docs.length) {
                message.info(t('noWorkDocsCreated'));
                return;
              }
              // what was created, each work doc a link that opens it in its tab
              const shown = modal.success({
                title: t('workDocsCreated', { n: docs.length }),
                width: 520,
                content: (
                  <CreatedList
                    items={docs.map((d) => ({
                      key: Number(d.Work_Doc_ID),
                      no: String(d.List_NO),
                      text: [d.Material_Number, d.Material_Name, d.Qty && `× ${Number(d.Qty)}`]
                        .filter(Boolean)
                        .join(' '),
                      open: opener(workDoc.name, Number(d.Work_Doc_ID)),
                    }))}
                    onOpened={() => shown.destroy()}
                  />
                ),
              });
            } catch {
              // shown by the api client
            }
          }}
        />
      )}
    </>
  );
}

function RequirementsDialog({
  plan,
  mayCreate,
  onClose,
  onCreate,
}: {
  plan: Row;
  mayCreate: boolean;
  onClose: () => void;
  onCreate: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const q = useQuery({
    queryKey: ['prod', 'requirements', plan.Plan_ID],
    queryFn: () => api.data<Row[]>(`/ProducePlan/${plan.Plan_ID}/Requirements`),
  });
  return (
    <Modal
      open
      width={980}
      title={`${t('requirements')} ${plan.List_NO}`}
      onCancel={onClose}
      footer={
        mayCreate && (
          <Button type="primary" onClick={onCreate} data-testid="create-work-docs">
            {t('createDocs')}
          </Button>
        )
      }
    >
      <Table
        size="small"
        rowKey="Material_ID"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        data-testid="requirements-table"
        columns={[
          { title: t('level'), dataIndex: 'Level', width: 56 },
          { title: t('materialNumber'), dataIndex: 'Material_Number' },
          { title: t('materialName'), dataIndex: 'Material_Name' },
          { title: t('gross'), dataIndex: 'Gross_Qty', align: 'right' },
          { title: t('onHand'), dataIndex: 'On_Hand', align: 'right' },
          { title: t('onOrder'), dataIndex: 'On_Order', align: 'right' },
          { title: t('safety'), dataIndex: 'Safety_Stock', align: 'right' },
          { title: t('net'), dataIndex: 'Net_Qty', align: 'right' },
          {
            title: t('action'),
            dataIndex: 'Action',
            render: (v: string, r) =>
              Number(r.Net_Qty) > 0 ? (
                <Tag color={v === 'make' ? 'blue' : 'orange'}>{t(v === 'make' ? 'make' : 'buy')}</Tag>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
