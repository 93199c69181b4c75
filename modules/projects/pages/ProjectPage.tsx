import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  RefSelect,
  type Row,
  useApi,
  useEntityDef,
  useListProps,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { STATE } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, Modal, message, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import { CLOSURE_TYPES } from '../options';
import { project } from '../project.entity';
import { ProjectDetail } from './ProjectDetail';

type Dialog = { kind: 'close' | 'gate'; row: Row } | { kind: 'fromSow' } | null;

/** 项目管理: the generic list with the project's actions — details, gate review, close — and 从 SOW 立项. */
export function ProjectPage({ meta }: ModulePageProps) {
  const def = useEntityDef('Project');
  const t = useModuleText(texts);
  const props = useListProps(meta);
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  if (!def) return null;
  const done = async () => {
    setDialog(null);
    await qc.invalidateQueries({ queryKey: entityKeys.all('Project') });
    await qc.invalidateQueries({ queryKey: ['pm'] });
  };
  const rowActions = (row: Row) => {
    const id = Number(row.Project_ID);
    return (
      <Space size={0}>
        <Button type="link" size="small" data-testid={`pm-detail-${id}`} onClick={() => setDetail(id)}>
          {t('actions.detail')}
        </Button>
        {row.State === STATE.APPROVED && may('approve') && Number(row.Current_Gate) < 8 && (
          <Button
            type="link"
            size="small"
            data-testid={`pm-gate-${id}`}
            onClick={() => setDialog({ kind: 'gate', row })}
          >
            {t('actions.passGate')}
          </Button>
        )}
        {row.State === STATE.APPROVED && may('close') && (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`pm-close-${id}`}
            onClick={() => setDialog({ kind: 'close', row })}
          >
            {t('actions.close')}
          </Button>
        )}
      </Space>
    );
  };
  return (
    <>
      {may('add') && (
        <Button
          style={{ marginBottom: 8 }}
          data-testid="pm-from-sow"
          onClick={() => setDialog({ kind: 'fromSow' })}
        >
          {t('actions.fromSow')}
        </Button>
      )}
      <EntityListPage def={def} {...props} rowActions={rowActions} />
      {dialog?.kind === 'fromSow' && (
        <FromSowDialog onClose={() => setDialog(null)} onDone={done} onOpen={(id) => setDetail(id)} />
      )}
      {dialog?.kind === 'close' && (
        <CloseDialog row={dialog.row} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'gate' && (
        <GateDialog row={dialog.row} onClose={() => setDialog(null)} onDone={done} />
      )}
      <Drawer
        open={detail !== null}
        onClose={() => setDetail(null)}
        size="large"
        width="92vw"
        destroyOnHidden
        data-testid="pm-detail"
      >
        {detail !== null && <ProjectDetail id={detail} />}
      </Drawer>
    </>
  );
}

interface DialogProps {
  onClose: () => void;
  onDone: () => Promise<void>;
}

function FromSowDialog({ onClose, onDone, onOpen }: DialogProps & { onOpen: (id: number) => void }) {
  const t = useModuleText(texts);
  const api = useApi();
  const [form] = Form.useForm<{ sow: number; template?: number; customer?: number; start: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const made = await api.data<Row>('/Project/FromSow', {
        method: 'POST',
        body: {
          Sow_ID: v.sow,
          Template_ID: v.template || undefined,
          Customer_ID: v.customer || undefined,
          Start_Date: v.start.format('YYYY-MM-DD'),
        },
      });
      void message.success(t('fromSow.done', { no: made.Project_NO }));
      await onDone();
      onOpen(Number(made.Project_ID));
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('fromSow.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'pm-from-sow-ok' }}
    >
      <Form form={form} layout="vertical" initialValues={{ start: dayjs() }}>
        <div data-testid="pm-from-sow-sow">
          <Form.Item name="sow" label={t('fromSow.sow')} rules={[{ required: true }]}>
            <RefSelect field={project.fields.Sow_ID} />
          </Form.Item>
        </div>
        <Form.Item name="customer" label={t('fromSow.customer')}>
          <RefSelect field={project.fields.Customer_ID} />
        </Form.Item>
        <Form.Item name="template" label={t('fromSow.template')}>
          <RefSelect field={project.fields.Template_ID} />
        </Form.Item>
        <Form.Item name="start" label={t('fromSow.start')} rules={[{ required: true }]}>
          <DatePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CloseDialog({ row, onClose, onDone }: DialogProps & { row: Row }) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const [form] = Form.useForm<{ type: number; reason: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await api.post('/Project/Close', {
        Project_ID: row.Project_ID,
        Closure_Type: v.type,
        Reason: v.reason,
      });
      await onDone();
    } catch {
      // shown by the client
    }
  };
  return (
    <Modal open title={t('close.title', { no: row.Project_NO })} onCancel={onClose} onOk={submit}>
      <Form form={form} layout="vertical" initialValues={{ type: 9 }}>
        <Form.Item name="type" label={t('close.type')}>
          <Radio.Group options={CLOSURE_TYPES.map((o) => ({ value: o.value, label: label(o.label) }))} />
        </Form.Item>
        <Form.Item name="reason" label={t('close.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea maxLength={500} rows={3} data-testid="pm-close-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function GateDialog({ row, onClose, onDone }: DialogProps & { row: Row }) {
  const t = useModuleText(texts);
  const api = useApi();
  const [reason, setReason] = useState('');
  const gate = Number(row.Current_Gate ?? 0);
  const submit = async () => {
    try {
      await api.post('/Project/PassGate', { Project_ID: row.Project_ID, Reason: reason.trim() || undefined });
      void message.success(t('gate.passed', { gate }));
      await onDone();
    } catch {
      // the server names the red deliverables
    }
  };
  return (
    <Modal
      open
      title={t('gate.title', { no: row.Project_NO, gate })}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'pm-gate-ok' }}
    >
      <p>{t('gate.hint')}</p>
      <Input.TextArea
        placeholder={t('gate.reason')}
        maxLength={500}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid="pm-gate-reason"
      />
    </Modal>
  );
}
