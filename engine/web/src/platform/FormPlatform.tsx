import { SettingOutlined, TagsOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { Button, Flex, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../entity/format';
import { ApprovalPanel } from './ApprovalPanel';
import { AttachmentButton } from './AttachmentDialog';
import { useMenuTags } from './api';
import { CustomFieldsDialog } from './CustomFieldsDialog';
import { PrintButton } from './PrintButton';
import { mayPrint } from './steps';
import { SetTagsDialog, TagList } from './tags';

export interface FormPlatformProps {
  def: EntityDef;
  record?: Row;
  menuId?: number;
  buttons?: ReadonlySet<string>;
  readOnly?: boolean;
}

/** Above the fields: the life cycle of a document and the record's tags. */
export function FormHeader({ def, record, menuId, buttons, readOnly }: FormPlatformProps) {
  const { t } = useTranslation();
  const tags = useMenuTags(def, menuId);
  const [tagging, setTagging] = useState(false);
  const id = Number(record?.[def.key] ?? 0);
  const showTags = !!def.features.tags && !!menuId && id > 0;
  if (!(def.features.approval && record) && !showTags) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {def.features.approval && record && <ApprovalPanel def={def} record={record} buttons={buttons} />}
      {showTags && (
        <Space data-testid="form-tags">
          <TagList value={record?.Tag_Value} tags={tags.data} />
          {!readOnly && (
            <Button
              size="small"
              icon={<TagsOutlined />}
              onClick={() => setTagging(true)}
              data-testid="form-set-tags"
            >
              {t('platform.tags.setTags')}
            </Button>
          )}
          {menuId && (
            <SetTagsDialog
              def={def}
              menuId={menuId}
              rows={[{ id, tagValue: record?.Tag_Value }]}
              open={tagging}
              canManage
              onClose={() => setTagging(false)}
            />
          )}
        </Space>
      )}
    </Flex>
  );
}

/** Beside save and cancel: attachments, print, and the custom-field configuration of the page. */
export function FormTools({ def, record, menuId, buttons, readOnly }: FormPlatformProps) {
  const { t } = useTranslation();
  const [configuring, setConfiguring] = useState(false);
  const id = record ? Number(record[def.key]) : null;
  const may = (b: string) => !buttons || buttons.has(b);
  const printable = def.features.print && may('print') && mayPrint(!!def.features.approval, record?.State);
  return (
    <Space>
      {def.features.attachments && <AttachmentButton def={def} id={id} readOnly={readOnly} />}
      {printable && record && <PrintButton def={def} id={id} />}
      {def.features.customFields && menuId && !readOnly && may('config') && (
        <>
          <Tooltip title={t('platform.custom.title')}>
            <Button
              icon={<SettingOutlined />}
              aria-label={t('platform.custom.title')}
              onClick={() => setConfiguring(true)}
              data-testid="form-custom-config"
            />
          </Tooltip>
          <CustomFieldsDialog
            def={def}
            menuId={menuId}
            open={configuring}
            extendType={1}
            onClose={() => setConfiguring(false)}
          />
        </>
      )}
    </Space>
  );
}
