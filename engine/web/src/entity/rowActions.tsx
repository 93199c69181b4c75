import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { allows, type EntityDef } from '@mes/model';
import { Button, Popconfirm, Space, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Row } from './format';

export interface RowActionsOptions {
  def: EntityDef;
  t: TFunction;
  canEdit: boolean;
  mayDelete: boolean;
  /** A log: its rows are only viewed, the column is narrower. */
  readOnlyEntity: boolean;
  /** The page's own buttons per row, after edit and delete. */
  extra?: (row: Row) => ReactNode;
  onOpen: (id: number, readOnly: boolean) => void;
  onDelete: (id: number) => void;
}

/** The list's last column: view or edit a row in the drawer, delete it after a confirm, the page's own buttons. */
export function actionsColumn({
  def,
  t,
  canEdit,
  mayDelete,
  readOnlyEntity,
  extra,
  onOpen,
  onDelete,
}: RowActionsOptions): TableColumnType<Row> {
  return {
    key: '_actions',
    title: t('common.actions'),
    fixed: 'right',
    width: extra ? undefined : readOnlyEntity ? 80 : 160,
    render: (_v, row) => {
      const id = Number(row[def.key]);
      if (!canEdit && !mayDelete)
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              data-testid={`entity-view-${id}`}
              onClick={() => onOpen(id, true)}
            >
              {t('common.view')}
            </Button>
            {extra?.(row)}
          </Space>
        );
      return (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            data-testid={`entity-edit-${id}`}
            onClick={() => onOpen(id, !canEdit)}
          >
            {canEdit ? t('common.edit') : t('common.view')}
          </Button>
          {/* only what the record's state allows (a document is voided only as a draft), as the server rules */}
          {mayDelete && allows(def, 'delete', row) && (
            <Popconfirm
              title={t(def.kind === 'document' ? 'list.confirmDeleteDocument' : 'list.confirmDelete')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'entity-delete-confirm' }}
              onConfirm={() => onDelete(id)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-testid={`entity-delete-${id}`}
              >
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
          {extra?.(row)}
        </Space>
      );
    },
  };
}
