import { DeleteOutlined, TagsOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, message, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../entity/context';
import { entityKeys } from '../entity/queries';

export interface BatchBarProps {
  def: EntityDef;
  ids: number[];
  mayDelete: boolean;
  mayTag: boolean;
  onTag: () => void;
  onClear: () => void;
}

/** What can be done to the selected rows at once. Each delete is its own request, checked by the server. */
export function BatchBar({ def, ids, mayDelete, mayTag, onTag, onClear }: BatchBarProps) {
  const { t } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    let done = 0;
    try {
      for (const id of ids) {
        await api.delete(`/${def.name}/${id}`);
        done++;
      }
    } catch {
      // the client showed why the row stopped the batch; the rows before it are gone
    } finally {
      setBusy(false);
      if (done) void message.success(t('platform.batch.deleted', { count: done }), 2);
      onClear();
      await qc.invalidateQueries({ queryKey: entityKeys.all(def.name) });
    }
  };
  return (
    <Alert
      type="info"
      style={{ marginBottom: 12 }}
      data-testid="batch-bar"
      title={
        <Space wrap>
          <span>{t('platform.batch.selected', { count: ids.length })}</span>
          {mayTag && (
            <Button size="small" icon={<TagsOutlined />} onClick={onTag} data-testid="batch-tags">
              {t('platform.tags.setTags')}
            </Button>
          )}
          {mayDelete && (
            <Popconfirm
              title={t('platform.batch.confirmDelete', { count: ids.length })}
              okButtonProps={{ danger: true, 'data-testid': 'batch-delete-confirm' }}
              onConfirm={remove}
            >
              <Button size="small" danger icon={<DeleteOutlined />} loading={busy} data-testid="batch-delete">
                {t('platform.batch.delete')}
              </Button>
            </Popconfirm>
          )}
          <Button size="small" type="link" onClick={onClear}>
            {t('platform.batch.clear')}
          </Button>
        </Space>
      }
    />
  );
}
