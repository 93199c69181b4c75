import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOM_DATA_TYPES, type EntityDef } from '@mes/model';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Input,
  InputNumber,
  Modal,
  message,
  Select,
  Space,
  Table,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api';
import { useApi } from '../entity/context';
import { type CustomField, useCustomFields, useSaveCustomFields } from './api';
import { forSave, listProblem, newField, ordered } from './customFields';

export const CUSTOM_DIALOG_WIDTH = 960;
const LIMIT_MESSAGE_SECONDS = 2;

export interface CustomFieldsDialogProps {
  def: EntityDef;
  menuId: number;
  open: boolean;
  /** 2 when opened from the table settings dialog, 1 from a form (spec part 1 §3). */
  extendType: 1 | 2;
  onClose: () => void;
}

/** Configuration of the six custom fields of one page (spec part 1 §3, §4, §5). */
export function CustomFieldsDialog({ def, menuId, open, extendType, onClose }: CustomFieldsDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const loaded = useCustomFields(def, menuId);
  const save = useSaveCustomFields(def, menuId);
  const [rows, setRows] = useState<CustomField[]>([]);
  // deletions are held until save
  const [removed, setRemoved] = useState<number[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setRows(ordered(loaded.data ?? []));
      setRemoved([]);
      setSelected(null);
      setError(null);
    }
  }, [open, loaded.data]);

  const patch = (i: number, p: Partial<CustomField>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));

  const add = () => {
    const f = newField(rows, def.name, menuId, extendType);
    if (!f) return void message.info(t('platform.custom.max'), LIMIT_MESSAGE_SECONDS);
    setRows([...rows, f]);
    setSelected(rows.length);
  };
  const remove = (i: number) => {
    const id = rows[i].ID;
    if (id) setRemoved([...removed, id]);
    setRows(rows.filter((_r, j) => j !== i));
    setSelected(null);
  };
  const move = (dir: -1 | 1) => {
    if (selected === null) return void message.warning(t('platform.columns.selectRow'));
    const to = selected + dir;
    if (to < 0) return void message.warning(t('platform.columns.firstRow'));
    if (to >= rows.length) return void message.warning(t('platform.columns.lastRow'));
    const next = [...rows];
    [next[selected], next[to]] = [next[to], next[selected]];
    setRows(next);
    setSelected(to);
  };

  const submit = async () => {
    setError(null);
    const list = forSave(rows, extendType);
    const problem = listProblem(list);
    if (problem) {
      setError(t('platform.custom.rowProblem', { row: problem.row, text: problemText(problem.key, t) }));
      return;
    }
    try {
      if (list.length) await save.mutateAsync(list);
      else
        for (const id of removed)
          await api.delete('/menuextend/delete', { query: { ID: id, Table_ID: def.name } });
      if (!list.length) await loaded.refetch();
      void message.success(t('platform.custom.saved'), LIMIT_MESSAGE_SECONDS);
      onClose();
    } catch (e) {
      // errors are shown, not swallowed
      setError(isApiError(e) ? e.message : t('errors.unknown'));
    }
  };

  const types = CUSTOM_DATA_TYPES.map((v) => ({ value: v, label: t(`platform.custom.types.${v}`) }));
  return (
    <Modal
      open={open}
      title={t('platform.custom.title')}
      width={CUSTOM_DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Space>
            <Button icon={<PlusOutlined />} onClick={add} data-testid="custom-add">
              {t('platform.custom.add')}
            </Button>
            <Button icon={<ArrowUpOutlined />} onClick={() => move(-1)} data-testid="custom-up">
              {t('platform.columns.moveUp')}
            </Button>
            <Button icon={<ArrowDownOutlined />} onClick={() => move(1)} data-testid="custom-down">
              {t('platform.columns.moveDown')}
            </Button>
          </Space>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="custom-save">
              {t('common.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="custom-error" />
      )}
      <Table<CustomField>
        data-testid="custom-table"
        size="small"
        rowKey="Column_Name"
        dataSource={rows}
        loading={loaded.isFetching}
        pagination={false}
        scroll={{ y: 400 }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected === null ? [] : [rows[selected]?.Column_Name],
          onChange: (k) => setSelected(rows.findIndex((r) => r.Column_Name === k[0])),
        }}
        columns={[
          { key: 'col', dataIndex: 'Column_Name', title: t('platform.custom.column'), width: 130 },
          {
            key: 'Describe',
            title: <Required text={t('platform.custom.describe')} />,
            render: (_v, r, i) => (
              <Input
                size="small"
                maxLength={60}
                value={r.Describe}
                status={r.Describe.trim() ? undefined : 'error'}
                onChange={(e) => patch(i, { Describe: e.target.value })}
                data-testid={`custom-describe-${r.Column_Name}`}
              />
            ),
          },
          {
            key: 'Data_Type',
            title: <Required text={t('platform.custom.dataType')} />,
            width: 110,
            render: (_v, r, i) => (
              <Select
                size="small"
                style={{ width: 96 }}
                value={r.Data_Type}
                options={types}
                onChange={(v) => patch(i, { Data_Type: v })}
                data-testid={`custom-type-${r.Column_Name}`}
              />
            ),
          },
          {
            key: 'Width',
            title: t('platform.custom.width'),
            width: 110,
            render: (_v, r, i) => (
              <InputNumber
                size="small"
                min={1}
                max={4}
                precision={0}
                value={r.Width}
                onChange={(v) => patch(i, { Width: typeof v === 'number' ? v : 1 })}
                data-testid={`custom-width-${r.Column_Name}`}
              />
            ),
          },
          {
            key: 'options',
            title: t('platform.custom.options'),
            width: 200,
            render: (_v, r, i) =>
              r.Data_Type === 'enum' ? (
                <Flex vertical gap={4}>
                  {!r.Bind_Url && (
                    <Select
                      size="small"
                      mode="tags"
                      style={{ width: '100%' }}
                      placeholder={t('platform.custom.optionsPlaceholder')}
                      value={r.enumOptionList.map((o) => o.Enum_Name)}
                      onChange={(names: string[]) =>
                        patch(i, {
                          enumOptionList: names.map(
                            (n) => r.enumOptionList.find((o) => o.Enum_Name === n) ?? { Enum_Name: n },
                          ),
                        })
                      }
                      data-testid={`custom-options-${r.Column_Name}`}
                    />
                  )}
                  <Input
                    size="small"
                    maxLength={200}
                    placeholder={t('platform.custom.bindUrl')}
                    value={r.Bind_Url ?? ''}
                    // the server names the option field of the list it checks
                    onChange={(e) =>
                      patch(i, { Bind_Url: e.target.value || null, Bind_Text: 'Enum_Name', Bind_Value: 'ID' })
                    }
                    data-testid={`custom-bind-url-${r.Column_Name}`}
                  />
                </Flex>
              ) : null,
          },
          {
            key: 'Mandatory',
            title: t('platform.custom.mandatory'),
            width: 60,
            render: (_v, r, i) => (
              <Checkbox
                checked={r.Mandatory}
                onChange={(e) => patch(i, { Mandatory: e.target.checked })}
                data-testid={`custom-mandatory-${r.Column_Name}`}
              />
            ),
          },
          {
            key: 'Is_Column',
            title: t('platform.custom.isColumn'),
            width: 70,
            render: (_v, r, i) => (
              <Checkbox
                checked={r.Is_Column}
                onChange={(e) => patch(i, { Is_Column: e.target.checked })}
                data-testid={`custom-column-${r.Column_Name}`}
              />
            ),
          },
          {
            key: 'remove',
            width: 50,
            render: (_v, r, i) => (
              <Button
                size="small"
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('platform.custom.remove')}
                onClick={() => remove(i)}
                data-testid={`custom-remove-${r.Column_Name}`}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

function Required({ text }: { text: string }) {
  return (
    <span>
      <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>
      {text}
    </span>
  );
}

function problemText(key: string, t: (k: string) => string): string {
  if (key === 'custom_describe') return t('platform.custom.required');
  if (key === 'custom_enum') return t('platform.custom.needOptions');
  if (key === 'custom_bind_url') return t('platform.custom.badBindUrl');
  if (key === 'custom_too_many') return t('platform.custom.max');
  return t('validation.invalid');
}
