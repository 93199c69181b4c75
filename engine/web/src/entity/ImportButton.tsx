import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Modal, message, Radio, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStorage } from '../api';
import { useLabel, useLang } from '../i18n';
import { fetchFile, saveBlob } from '../platform/download';
import { useApi } from './context';
import { SUCCESS_TOAST_SECONDS } from './EntityForm';
import { type ImportFailure, ImportReport } from './ImportReport';
import { entityKeys } from './queries';

/** POST /{Entity}/Import answers this; Rows say what became of each sheet row. */
interface ImportAnswer {
  Total: number;
  Imported: number;
  Dry_Run?: boolean;
  Errors?: { Row: number; Message: string }[];
  Rows?: ImportFailure['rows'];
}

type Mode = 'both' | 'add' | 'update';

/**
 * Imports an Excel sheet whose headers are the field labels (what export and the template write).
 * A row whose code names an existing record updates it (or is skipped, as the mode says); a trial
 * run changes nothing. The server keeps all rows or none; the report lists the rows to look at.
 */
export function ImportButton({ def }: { def: EntityDef }) {
  const { t } = useTranslation();
  const api = useApi();
  const lang = useLang();
  const label = useLabel();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>('both');
  const [dryRun, setDryRun] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportFailure | null>(null);
  const template = async () => {
    try {
      const blob = await fetchFile(api.url(`/${def.name}/ImportTemplate`), lang);
      saveBlob(blob, `${label(def.label)}-${t('list.importTemplate')}.xlsx`);
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="entity-import">
        {t('common.import')}
      </Button>
      <Modal
        open={open}
        title={`${t('common.import')} ${label(def.label)}`}
        onCancel={() => setOpen(false)}
        footer={null}
        data-testid="entity-import-dialog"
      >
        <Flex vertical gap={12}>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
            data-testid="entity-import-mode"
          >
            <Radio value="both">{t('list.importMode.both')}</Radio>
            <Radio value="add">{t('list.importMode.add')}</Radio>
            <Radio value="update">{t('list.importMode.update')}</Radio>
          </Radio.Group>
          <Checkbox
            checked={dryRun}
            onChange={(e) => setDryRun(e.target.checked)}
            data-testid="entity-import-dry"
          >
            {t('list.importDryRun')}
          </Checkbox>
          <Flex gap={8}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void template()}
              data-testid="entity-import-template"
            >
              {t('list.importTemplate')}
            </Button>
            <Upload
              action={api.url(`/${def.name}/Import`, { Mode: mode, Dry_Run: dryRun ? 'true' : undefined })}
              accept=".xlsx"
              showUploadList={false}
              maxCount={1}
              headers={{
                Authorization: authStorage().authorizationHeader() ?? '',
                Accept: 'application/json',
                'Accept-Language': lang,
              }}
              onChange={(info) => {
                if (info.file.status === 'uploading') return setBusy(true);
                if (info.file.status !== 'done' && info.file.status !== 'error') return;
                setBusy(false);
                const r = info.file.response as
                  | { Code?: number; Message?: string; Data?: ImportAnswer }
                  | undefined;
                if (r?.Code === 0 && !r.Data?.Dry_Run) {
                  void message.success(r.Message || t('common.success'), SUCCESS_TOAST_SECONDS);
                  void qc.invalidateQueries({ queryKey: entityKeys.all(def.name) });
                }
                setOpen(false);
                setReport({
                  message: r?.Message ?? t('errors.unknown'),
                  errors: r?.Data?.Errors,
                  rows: r?.Data?.Rows,
                });
              }}
            >
              <Button
                type="primary"
                icon={<UploadOutlined />}
                loading={busy}
                data-testid="entity-import-file"
              >
                {t('list.importChoose')}
              </Button>
            </Upload>
          </Flex>
        </Flex>
      </Modal>
      <ImportReport
        failed={report}
        onClose={() => setReport(null)}
        testId="entity-import-report"
        fileName={`${label(def.label)}-${t('list.importReport')}`}
      />
    </>
  );
}
