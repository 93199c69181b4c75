import { PlusCircleOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  SUCCESS_TOAST_SECONDS,
  useApi,
  useEntityDef,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { texts } from '../locales';

interface Item {
  Item_Code?: string | null;
  Item_Name: string;
  Item_Name_En?: string | null;
  Sort_NO?: number | null;
  Disabled?: boolean | null;
}
interface ItemValues {
  Item_Name?: string;
  Item_Name_En?: string;
  Item_Code?: string;
  Sort_NO?: number | null;
}

/** Spec part 2 §5: the name may not be blank once trimmed; the code is needed only when encoding is on. */
export function itemProblems(v: ItemValues, encoding: boolean): { name?: 'empty'; code?: 'codeRequired' } {
  return {
    ...(v.Item_Name?.trim() ? {} : { name: 'empty' as const }),
    ...(encoding && !v.Item_Code?.trim() ? { code: 'codeRequired' as const } : {}),
  };
}

/** The data dictionary list with the add-item dialog on each dictionary. */
export function DictionaryPage({ meta }: ModulePageProps) {
  const { t } = useTranslation();
  const tt = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const def = useEntityDef('DataDictionary');
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ItemValues>();
  if (!def) return null;
  const buttons = meta.buttons ? new Set(meta.buttons) : undefined;
  const encoding = target?.Is_Encoding === true;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !target) return;
    setBusy(true);
    try {
      // the lines are replaced wholesale: start from the current record so that nothing is lost
      const rec = await api.data<Row & { Items?: Item[] }>(`/DataDictionary/${target.ID}`);
      const items = (rec.Items ?? []).map((i) => ({
        Item_Code: i.Item_Code ?? null,
        Item_Name: i.Item_Name,
        Item_Name_En: i.Item_Name_En ?? null,
        Sort_NO: i.Sort_NO ?? null,
        Disabled: i.Disabled ?? false,
      }));
      items.push({
        Item_Code: v.Item_Code?.trim() || null,
        Item_Name: (v.Item_Name ?? '').trim(),
        Item_Name_En: v.Item_Name_En?.trim() || null,
        Sort_NO: v.Sort_NO ?? null,
        Disabled: false,
      });
      await api.put('/DataDictionary', { ID: rec.ID, Version: rec.Version, Items: items });
      void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
      await qc.invalidateQueries({ queryKey: entityKeys.all(def.name) });
      setTarget(null);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const rule = (key: 'name' | 'code', text: string) => ({
    validator: async (_r: unknown, value: string | undefined) => {
      const v = key === 'name' ? { Item_Name: value } : { Item_Name: 'x', Item_Code: value };
      if (itemProblems(v, encoding)[key]) throw new Error(text);
    },
  });
  return (
    <>
      <EntityListPage
        def={def}
        title={label(meta.title)}
        buttons={buttons}
        menuId={meta.Menu_ID}
        userId={Number(authStorage().getUserId()) || undefined}
        rowActions={(row) =>
          (!buttons || buttons.has('edit')) && (
            <Button
              type="link"
              size="small"
              icon={<PlusCircleOutlined />}
              data-testid={`dictionary-add-item-${row.ID}`}
              onClick={() => {
                form.resetFields();
                setTarget(row);
              }}
            >
              {tt('dictionary.addItem')}
            </Button>
          )
        }
      />
      <Modal
        open={!!target}
        title={`${tt('dictionary.addItem')} - ${String(target?.Storage_Name ?? '')}`}
        onCancel={() => setTarget(null)}
        onOk={submit}
        okButtonProps={{ loading: busy, 'data-testid': 'dictionary-item-save' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="Item_Name"
            label={tt('dictionary.itemName')}
            required
            rules={[rule('name', tt('dictionary.empty'))]}
          >
            <Input maxLength={100} data-testid="dictionary-item-name" />
          </Form.Item>
          <Form.Item name="Item_Name_En" label={tt('dictionary.itemNameEn')}>
            <Input maxLength={100} data-testid="dictionary-item-name-en" />
          </Form.Item>
          <Form.Item
            name="Item_Code"
            label={tt('dictionary.itemCode')}
            required={encoding}
            rules={[rule('code', tt('dictionary.codeRequired'))]}
          >
            <Input maxLength={30} data-testid="dictionary-item-code" />
          </Form.Item>
          <Form.Item name="Sort_NO" label={t('fields.Sort_NO')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
