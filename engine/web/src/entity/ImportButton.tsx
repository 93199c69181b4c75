import { UploadOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, message, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStorage } from '../api';
import { useApi } from './context';
import { SUCCESS_TOAST_SECONDS } from './EntityForm';
import { type ImportFailure, ImportReport } from './ImportReport';
import { entityKeys } from './queries';

/** POST /{Entity}/Import answers this; Errors name the rows that stopped the import. */
interface ImportAnswer {
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
  const [failed, setFailed] = useState<ImportFailure | null>(null);
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
            | { Code?: number; Message?: string; Data?: ImportAnswer }
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
      <ImportReport failed={failed} onClose={() => setFailed(null)} testId="entity-import-report" />
    </>
  );
}
