import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { Button, Form, message, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStorage } from '../api';
import { useApi } from './context';
import { useReplaceRows } from './FillButton';
import type { Row } from './format';
import { type ImportFailure, ImportReport } from './ImportReport';
import type { FormValues } from './payload';

interface LinesReport {
  Rows?: Row[];
  Errors?: { Row: number; Message: string }[];
}

export interface LinesExcelProps {
  def: EntityDef;
  linesKey: string;
  /** The user holds the page's export grant: the lines may be written to a sheet. */
  canExport: boolean;
  /** The form is editable and the user holds the import grant: a sheet may replace the lines. */
  canImport: boolean;
  onRows: (rows: Row[]) => void;
}

/** Saves what a POST answered as a file, under the name the server gave it. */
async function download(res: Response, fallback: string): Promise<void> {
  const disposition = res.headers.get('content-disposition') ?? '';
  const named = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = named ? decodeURIComponent(named) : fallback;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A line table to Excel and back (ERPNext's Download / Upload of a child table): the lines in the
 * form go to a sheet, where they are counted or priced, and come back into the form, which saves
 * them as any edit. A sheet with a wrong row changes nothing and lists every row at fault.
 */
export function LinesExcel({ def, linesKey, canExport, canImport, onRows }: LinesExcelProps) {
  const { t } = useTranslation();
  const api = useApi();
  const form = Form.useFormInstance<FormValues>();
  const { replace, holder } = useReplaceRows(linesKey, onRows);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [failed, setFailed] = useState<ImportFailure | null>(null);
  if (!canExport && !canImport) return null;

  const exportLines = async () => {
    setBusy('export');
    try {
      const rows = form.getFieldValue(linesKey) as unknown;
      const res = await fetch(api.url(`/${def.name}/LinesExport`), {
        method: 'POST',
        headers: {
          Authorization: authStorage().authorizationHeader() ?? '',
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({ Lines: linesKey, Rows: Array.isArray(rows) ? rows : [] }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { Message?: string } | null;
        void message.error(body?.Message || t('errors.unknown'));
        return;
      }
      await download(res, `${linesKey}.xlsx`);
    } catch {
      void message.error(t('errors.network'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {holder}
      <Space>
        {canExport && (
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'export'}
            onClick={() => void exportLines()}
            data-testid={`lines-${linesKey}-export`}
          >
            {t('form.linesExport')}
          </Button>
        )}
        {canImport && (
          <Upload
            action={api.url(`/${def.name}/LinesImport`, { Lines: linesKey })}
            accept=".xlsx"
            showUploadList={false}
            maxCount={1}
            headers={{ Authorization: authStorage().authorizationHeader() ?? '', Accept: 'application/json' }}
            onChange={(info) => {
              if (info.file.status === 'uploading') return setBusy('import');
              if (info.file.status !== 'done' && info.file.status !== 'error') return;
              setBusy(null);
              const r = info.file.response as
                | { Code?: number; Message?: string; Data?: LinesReport }
                | undefined;
              const rows = r?.Data?.Rows;
              if (r?.Code === 0 && rows)
                replace(rows, r.Message || t('common.success'), (m) =>
                  t('form.linesImportReplace', { n: rows.length, m }),
                );
              else setFailed({ message: r?.Message ?? t('errors.unknown'), errors: r?.Data?.Errors });
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={busy === 'import'}
              data-testid={`lines-${linesKey}-import`}
            >
              {t('form.linesImport')}
            </Button>
          </Upload>
        )}
      </Space>
      <ImportReport
        failed={failed}
        onClose={() => setFailed(null)}
        testId={`lines-${linesKey}-import-report`}
      />
    </>
  );
}
