import { localToday, RefSelect, type Row, useApi, useRecordOpener } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Form, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { materialReceive } from '../plan.entity';
import { linkedSentence } from './CreatedLinks';

/** The dialogs of work-doc control: a plain form, output per operation, and picking. */

export function FormDialog({
  title,
  initial,
  onOk,
  onClose,
  children,
}: {
  title: string;
  initial?: Row;
  onOk: (v: Row) => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const [form] = Form.useForm();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={async () => onOk(await form.validateFields())}
      okButtonProps={{ 'data-testid': 'dialog-ok' } as ButtonProps}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        {children}
      </Form>
    </Modal>
  );
}

/** Output per operation: the routing's steps with what each has reported so far. */
export function ReportDialog({
  row,
  onClose,
  onDone,
}: {
  row: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const steps = useQuery({
    queryKey: ['prod', 'steps', row.Work_Order_ID],
    queryFn: () => api.data<Row[]>(`/WorkOrder/${row.Work_Order_ID}/Steps`),
  });
  return (
    <FormDialog
      title={`${t('report')} ${row.Order_NO}`}
      onClose={onClose}
      initial={{ Good_Qty: '0', Scrap_Qty: '0', Rework_Qty: '0', Work_Minutes: '0' }}
      onOk={async (v) => {
        try {
          await api.post('/WorkOrder/Report', {
            Work_Order_ID: row.Work_Order_ID,
            Step_NO: v.Step_NO,
            Good_Qty: String(v.Good_Qty ?? '0'),
            Scrap_Qty: String(v.Scrap_Qty ?? '0'),
            Rework_Qty: String(v.Rework_Qty ?? '0'),
            Work_Minutes: String(v.Work_Minutes ?? '0'),
            ...(v.Shift_ID ? { Shift_ID: v.Shift_ID } : {}),
          });
          onDone();
        } catch {
          // shown by the api client
        }
      }}
    >
      <Form.Item name="Step_NO" label={t('step')} rules={[{ required: true }]} data-testid="report-step">
        <Select
          options={(steps.data ?? []).map((s) => ({
            value: s.Step_NO as number,
            label: `${s.Step_NO} ${s.Process_Name} (${t('reported')} ${Number(s.Good_Qty)})`,
          }))}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item name="Good_Qty" label={t('good')}>
          <InputNumber<string> stringMode min="0" data-testid="report-good" />
        </Form.Item>
        <Form.Item name="Scrap_Qty" label={t('scrapQty')}>
          <InputNumber<string> stringMode min="0" />
        </Form.Item>
        <Form.Item name="Rework_Qty" label={t('rework')}>
          <InputNumber<string> stringMode min="0" />
        </Form.Item>
        <Form.Item name="Work_Minutes" label={t('minutes')}>
          <InputNumber<string> stringMode min="0" />
        </Form.Item>
      </Space>
    </FormDialog>
  );
}

/** What the order still needs from stock; creates a draft picking that approval posts. */
export function PickDialog({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const t = useModuleText(texts);
  const api = useApi();
  const { message } = App.useApp();
  const opener = useRecordOpener();
  const [location, setLocation] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['prod', 'pick', row.Work_Order_ID],
    queryFn: () => api.data<Row[]>(`/WorkOrder/${row.Work_Order_ID}/PickList`),
  });
  const open = (list.data ?? []).filter((l) => Number(l.Open_Qty) > 0);
  return (
    <Modal
      open
      width={760}
      title={`${t('pickList')} ${row.Order_NO}`}
      onCancel={onClose}
      okText={t('createPicking')}
      okButtonProps={{ disabled: !location || !open.length, 'data-testid': 'pick-create' } as ButtonProps}
      onOk={async () => {
        try {
          const doc = await api.data<Row>('/MaterialReceive', {
            method: 'POST',
            body: {
              Work_Order_ID: row.Work_Order_ID,
              Receive_Date: localToday(),
              Items: open.map((l) => ({
                Material_ID: l.Material_ID,
                Location_ID: location,
                Qty: String(l.Open_Qty),
              })),
            },
          });
          const no = String(doc.List_NO);
          // the number opens the new picking in its tab (to check and approve it)
          message.success({
            content: linkedSentence(
              t('pickingCreated', { no }),
              no,
              opener(materialReceive.name, Number(doc.Receive_ID)),
              'picking-created-link',
            ),
            duration: 8,
          });
          onDone();
        } catch {
          // shown by the api client
        }
      }}
    >
      <Table
        size="small"
        rowKey="Material_ID"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('materialNumber'), dataIndex: 'Material_Number' },
          { title: t('materialName'), dataIndex: 'Material_Name' },
          { title: t('required'), dataIndex: 'Required_Qty', align: 'right' },
          { title: t('picked'), dataIndex: 'Picked_Qty', align: 'right' },
          { title: t('open'), dataIndex: 'Open_Qty', align: 'right' },
        ]}
      />
      <div style={{ marginTop: 12 }} data-testid="pick-location">
        {t('location')}{' '}
        <RefSelect
          field={materialReceive.lines.Items.fields.Location_ID}
          value={location}
          onChange={(v) => setLocation((v as number) ?? null)}
        />
      </div>
    </Modal>
  );
}
