import { DeleteOutlined } from '@ant-design/icons';
import {
  EntityListPage,
  entityKeys,
  fromWallClock,
  type ModulePageProps,
  type Row,
  toWallClock,
  useApi,
  useDeleteEntity,
  useEntityDef,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, DatePicker, Form, Input, Modal, message, Popconfirm, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMPARE_PATH } from '../index';
import { texts } from '../locales';
import { SOW_STATUS } from '../logic/status';

/** Now on the company's clock, as the pickers hold it (engine-web toWallClock). */
const nowOnClock = (): Dayjs => toWallClock(new Date()) ?? dayjs();

/**
 * The list's own buttons without delete: a released SOW cannot be deleted (the server refuses it),
 * so delete is offered per row, on drafts only, by SowDeleteButton (issue 25, bug 12).
 */
const ALL_BUTTONS = ['add', 'edit', 'export', 'import', 'print', 'close', 'config'];
export function listButtons(granted: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((granted ?? ALL_BUTTONS).filter((b) => b !== 'delete'));
}

function SowDeleteButton({ def, id }: { def: EntityDef; id: number }) {
  const { t } = useTranslation();
  const remove = useDeleteEntity(def);
  return (
    <Popconfirm
      title={t('list.confirmDeleteDocument')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'entity-delete-confirm' }}
      onConfirm={() => remove.mutate(id, { onSuccess: () => void message.success(t('common.success')) })}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`entity-delete-${id}`}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}

type Dialog = { kind: 'release' | 'nextRound' | 'closeCase'; row: Row } | null;

/** SOW list: the generic list and form, plus the round actions of the SOW state machine. */
export function SowPage({ meta }: ModulePageProps) {
  const def = useEntityDef('Sow');
  const label = useLabel();
  const t = useModuleText(texts);
  const api = useApi();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  if (!def) return null;

  const done = async () => {
    setDialog(null);
    await qc.invalidateQueries({ queryKey: entityKeys.all('Sow') });
  };
  const closeRound = async (row: Row) => {
    await api.post('/Sow/CloseRound', { Sow_ID: row.Sow_ID });
    await done();
  };

  const rowActions = (row: Row) => {
    const status = Number(row.Sow_Status);
    const id = Number(row.Sow_ID);
    return (
      <Space size={0}>
        {status === SOW_STATUS.DRAFT && may('edit') && (
          <Button
            type="link"
            size="small"
            data-testid={`sow-release-${id}`}
            onClick={() => setDialog({ kind: 'release', row })}
          >
            {t('actions.release')}
          </Button>
        )}
        {status === SOW_STATUS.QUOTING && may('edit') && (
          <Popconfirm
            title={t('closeRound.confirm', { round: row.Current_Round })}
            onConfirm={() => closeRound(row)}
            okButtonProps={{ 'data-testid': 'sow-close-round-ok' }}
          >
            <Button type="link" size="small" data-testid={`sow-close-round-${id}`}>
              {t('actions.closeRound')}
            </Button>
          </Popconfirm>
        )}
        {status === SOW_STATUS.ROUND_CLOSED && may('edit') && (
          <Button
            type="link"
            size="small"
            data-testid={`sow-next-round-${id}`}
            onClick={() => setDialog({ kind: 'nextRound', row })}
          >
            {t('actions.nextRound')}
          </Button>
        )}
        {status === SOW_STATUS.DRAFT && may('delete') && <SowDeleteButton def={def} id={id} />}
        {status !== SOW_STATUS.DRAFT && (
          <Button
            type="link"
            size="small"
            data-testid={`sow-compare-${id}`}
            onClick={() => navigate(`${COMPARE_PATH}?Sow_ID=${id}`)}
          >
            {t('actions.compare')}
          </Button>
        )}
        {status !== SOW_STATUS.CLOSED && status !== SOW_STATUS.DRAFT && may('close') && (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`sow-close-case-${id}`}
            onClick={() => setDialog({ kind: 'closeCase', row })}
          >
            {t('actions.closeCase')}
          </Button>
        )}
      </Space>
    );
  };

  return (
    <>
      <EntityListPage
        def={def}
        title={label(meta.title)}
        buttons={listButtons(meta.buttons)}
        rowActions={rowActions}
      />
      {dialog?.kind === 'release' && (
        <ReleaseDialog row={dialog.row} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'nextRound' && (
        <NextRoundDialog row={dialog.row} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'closeCase' && (
        <CloseCaseDialog row={dialog.row} onClose={() => setDialog(null)} onDone={done} />
      )}
    </>
  );
}

interface DialogProps {
  row: Row;
  onClose: () => void;
  onDone: () => Promise<void>;
}

function ReleaseDialog({ row, onClose, onDone }: DialogProps) {
  const t = useModuleText(texts);
  const api = useApi();
  const [form] = Form.useForm<{ start: Dayjs; end: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api.post('/Sow/Release', {
        Sow_ID: row.Sow_ID,
        // picked on the company's clock (公司时区), whatever the browser's time zone
        Start_Time: v.start ? fromWallClock(v.start) : undefined,
        End_Time: fromWallClock(v.end),
      });
      void message.success(t('actions.release'));
      await onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('release.title', { no: row.Sow_NO })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'sow-release-ok' }}
    >
      <Alert type="info" showIcon title={t('release.hint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ start: nowOnClock(), end: nowOnClock().add(7, 'day').hour(17).minute(0).second(0) }}
      >
        <Form.Item name="start" label={t('release.start')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('release.end')}
          rules={[{ required: true, message: t('release.endRequired') }]}
        >
          <DatePicker showTime style={{ width: '100%' }} data-testid="sow-release-end" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function NextRoundDialog({ row, onClose, onDone }: DialogProps) {
  const t = useModuleText(texts);
  const api = useApi();
  const [form] = Form.useForm<{ end: Dayjs; suppliers: number[] }>();
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  // the shortlist is chosen among the suppliers that submitted in the round just closed
  useEffect(() => {
    void api
      .data<{ Suppliers: Row[]; Offers: Row[] }>(`/Sow/${row.Sow_ID}/Comparison`)
      .then((c) => {
        const quoted = c.Offers.filter((o) => o.Round_NO === row.Current_Round && o.Offer_Status === 2).map(
          (o) => Number(o.Supplier_ID),
        );
        const opts = c.Suppliers.filter((s) => quoted.includes(Number(s.Supplier_ID))).map((s) => ({
          label: String(s.Short_Name),
          value: Number(s.Supplier_ID),
        }));
        setOptions(opts);
        form.setFieldValue(
          'suppliers',
          opts.map((o) => o.value),
        );
      })
      .catch(() => undefined);
  }, [api, form, row.Sow_ID, row.Current_Round]);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api.post('/Sow/NextRound', {
        Sow_ID: row.Sow_ID,
        End_Time: fromWallClock(v.end),
        Supplier_IDs: v.suppliers,
      });
      await onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('nextRound.title', { no: row.Sow_NO, round: Number(row.Current_Round) + 1 })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'sow-next-round-ok' }}
    >
      <Alert type="info" showIcon title={t('nextRound.hint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ end: nowOnClock().add(3, 'day').hour(17).minute(0).second(0) }}
      >
        <Form.Item
          name="suppliers"
          label={t('nextRound.shortlist')}
          rules={[{ required: true, type: 'array', min: 1, message: t('nextRound.shortlistRequired') }]}
        >
          <Checkbox.Group options={options} data-testid="sow-shortlist" />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('release.end')}
          rules={[{ required: true, message: t('release.endRequired') }]}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CloseCaseDialog({ row, onClose, onDone }: DialogProps) {
  const t = useModuleText(texts);
  const api = useApi();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await api.post('/Sow/CloseCase', { Sow_ID: row.Sow_ID, Reason: v.reason.trim() });
      await onDone();
    } catch {
      // shown by the client
    }
  };
  return (
    <Modal
      open
      title={t('closeCase.title', { no: row.Sow_NO })}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ danger: true }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('closeCase.reason')}
          rules={[{ required: true, whitespace: true, message: t('closeCase.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
