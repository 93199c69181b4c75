import { UploadOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Modal, message, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStorage } from '../api';
import { useApi } from './context';
import { SUCCESS_TOAST_SECONDS } from './EntityForm';
import { entityKeys } from './queries';

/** POST /{Entity}/Import answers this; Errors name the rows that stopped the import. */
interface ImportReport {
  Total: number;
  Imported: number;
  Errors?: { Row: number; Message: string }[];
}

/**
 * Imports an Excel sheet whose headers are the field labels (what export writes). The server keeps
 * all rows or none, so on failure the user gets the list of rows to correct.
 */
export function ImportButton({ def }: { def: EntityDef }) {
  const { t } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ message: string; errors: ImportReport['Errors'] } | null>(null);
  return (
    <>
      <Upload
        action={api.url(`/${def.name}/Import`)}
        accept=".xlsx"
        showUploadList={false}
        maxCount={1}
        headers={{ Authorization: authStorage().authorizationHeader() ?? '', Accept: 'application/json' }}
        onChange={(info) => {
          if (info.file.status === 'uploading') return setBusy(true);
          setBusy(false);
          const r = info.file.response as
            | { Code?: number; Message?: string; Data?: ImportReport }
            | undefined;
          if (r?.Code === 0) {
            void message.success(r.Message || t('common.success'), SUCCESS_TOAST_SECONDS);
            void qc.invalidateQueries({ queryKey: entityKeys.all(def.name) });
          } else setFailed({ message: r?.Message ?? t('errors.unknown'), errors: r?.Data?.Errors });
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="entity-import">
          {t('common.import')}
        </Button>
      </Upload>
      <Modal
        open={!!failed}
        title={failed?.message}
        onCancel={() => setFailed(null)}
        footer={<Button onClick={() => setFailed(null)}>{t('common.close')}</Button>}
        data-testid="entity-import-report"
      >
        {!!failed?.errors?.length && (
          <List
            size="small"
            dataSource={failed.errors}
            renderItem={(e) => (
              <List.Item>
                {t('list.importRow', { row: e.Row })}: {e.Message}
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
