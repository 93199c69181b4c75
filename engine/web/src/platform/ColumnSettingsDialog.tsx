import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Input, InputNumber, Modal, message, Select, Space, Spin, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../entity/context';
import { type ColumnSetting, columnKeys, type PageScope, platformKeys } from './api';
import { moveRow, renumber } from './columnSettings';

export const COLUMN_DIALOG_WIDTH = 800;
export const COLUMN_TABLE_HEIGHT = 400;

export interface ColumnSettingsDialogProps {
  def: EntityDef;
  scope: PageScope;
  open: boolean;
  settings: ColumnSetting[] | undefined;
  onClose: () => void;
  /** Opens the custom-field dialog from here (its fields are then saved with Extend_Type 2). */
  onCustomFields?: () => void;
}

/** The gear dialog of the configurable table (spec part 1 §4, §9): the user's own columns of one page. */
export function ColumnSettingsDialog({
  def,
  scope,
  open,
  settings,
  onClose,
  onCustomFields,
}: ColumnSettingsDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const [rows, setRows] = useState<ColumnSetting[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = columnKeys(def, scope);

  useEffect(() => {
    if (open) {
      setRows(renumber([...(settings ?? [])].sort((a, b) => a.Ser_NO - b.Ser_NO)));
      setSelected(null);
    }
  }, [open, settings]);

  const patch = (i: number, p: Partial<ColumnSetting>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));

  const move = (dir: -1 | 1) => {
    const r = moveRow(rows, selected, dir);
    if ('error' in r) return void message.warning(t(`platform.columns.${r.error}`));
    setRows(r.rows);
    setSelected(r.index);
  };

  const done = async (fn: () => Promise<unknown>, text: string) => {
    if (!keys) return;
    setBusy(true);
    try {
      await fn();
      await qc.invalidateQueries({ queryKey: platformKeys.columns(def.name, keys.Menu_ID) });
      void message.success(text);
      onClose();
    } catch {
      // the client already showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    done(
      () =>
        api.put(
          '/UserColumnInfo',
          rows.map((r) => ({ ...strip(r), ...keys })),
        ),
      t('messages.tableConfigSaved'),
    );
  const reset = () =>
    done(() => api.get('/UserColumnInfo/ReatSetting', keys ?? {}), t('messages.tableConfigReset'));

  const positions = (['left', 'center', 'right'] as const).map((v) => ({
    value: v,
    label: t(`platform.columns.${v}`),
  }));
  return (
    <Modal
      open={open}
      title={t('platform.columns.title')}
      width={COLUMN_DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Space>
            <Button icon={<ArrowUpOutlined />} onClick={() => move(-1)} data-testid="columns-up">
              {t('platform.columns.moveUp')}
            </Button>
            <Button icon={<ArrowDownOutlined />} onClick={() => move(1)} data-testid="columns-down">
              {t('platform.columns.moveDown')}
            </Button>
            {onCustomFields && (
              <Button onClick={onCustomFields} data-testid="columns-custom">
                {t('platform.columns.customFields')}
              </Button>
            )}
          </Space>
          <Space>
            <Button onClick={reset} disabled={busy} data-testid="columns-reset">
              {t('platform.columns.reset')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={save} data-testid="columns-save">
              {t('common.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Spin spinning={busy}>
        <Table<ColumnSetting>
          data-testid="columns-table"
          size="small"
          rowKey="Column_Name"
          dataSource={rows}
          pagination={false}
          scroll={{ y: COLUMN_TABLE_HEIGHT }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: selected === null ? [] : [rows[selected]?.Column_Name],
            onChange: (keys) => setSelected(rows.findIndex((r) => r.Column_Name === keys[0])),
          }}
          onRow={(_r, i) => ({ onClick: () => setSelected(i ?? null) })}
          columns={[
            { key: 'Ser_NO', dataIndex: 'Ser_NO', title: t('platform.columns.serial'), width: 60 },
            { key: 'Column_Name', dataIndex: 'Column_Name', title: t('platform.columns.column'), width: 150 },
            {
              key: 'Describe',
              title: t('platform.columns.describe'),
              render: (_v, r, i) => (
                <Input
                  size="small"
                  value={r.Describe}
                  maxLength={60}
                  onChange={(e) => patch(i, { Describe: e.target.value })}
                  data-testid={`columns-describe-${r.Column_Name}`}
                />
              ),
            },
            {
              key: 'Is_Visible',
              title: t('platform.columns.visible'),
              width: 70,
              render: (_v, r, i) => (
                <Checkbox
                  checked={r.Is_Visible}
                  disabled={!r.Allow_Hide}
                  onChange={(e) => patch(i, { Is_Visible: e.target.checked })}
                  data-testid={`columns-visible-${r.Column_Name}`}
                />
              ),
            },
            {
              key: 'Is_Fixed',
              title: t('platform.columns.fixed'),
              width: 70,
              render: (_v, r, i) => (
                <Checkbox
                  checked={r.Is_Fixed}
                  onChange={(e) => patch(i, { Is_Fixed: e.target.checked })}
                  data-testid={`columns-fixed-${r.Column_Name}`}
                />
              ),
            },
            {
              key: 'Width',
              title: t('platform.columns.width'),
              width: 110,
              render: (_v, r, i) => (
                <InputNumber
                  size="small"
                  min={20}
                  max={2000}
                  precision={0}
                  value={r.Width}
                  placeholder={t('platform.columns.widthAuto')}
                  onChange={(v) => patch(i, { Width: typeof v === 'number' ? v : null })}
                  data-testid={`columns-width-${r.Column_Name}`}
                />
              ),
            },
            {
              key: 'Text_Position',
              title: t('platform.columns.position'),
              width: 100,
              render: (_v, r, i) => (
                <Select
                  size="small"
                  value={r.Text_Position}
                  options={positions}
                  onChange={(v) => patch(i, { Text_Position: v })}
                  style={{ width: 80 }}
                />
              ),
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}

/** What PUT /UserColumnInfo takes: the server refuses unknown properties. */
function strip(r: ColumnSetting) {
  return {
    Column_Name: r.Column_Name,
    Describe: r.Describe,
    Is_Visible: r.Is_Visible,
    Is_Fixed: r.Is_Fixed,
    Allow_Hide: r.Allow_Hide,
    Ser_NO: r.Ser_NO,
    Width: r.Width,
    Text_Position: r.Text_Position,
  };
}
