import { Button, List, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../platform/download';

export type ImportRowStatus = 'added' | 'updated' | 'skipped' | 'error';

/** What an import did, or what it refused: the server's message and its rows. */
export interface ImportFailure {
  message: string;
  errors?: { Row: number; Message: string }[];
  /** every row with what became of it (the list import answers it; a line table's does not) */
  rows?: { Row: number; Status: ImportRowStatus; Message?: string; Key?: string }[];
}

const STATUS_COLOR: Record<ImportRowStatus, string> = {
  added: 'green',
  updated: 'blue',
  skipped: 'default',
  error: 'red',
};

/** A cell of the CSV report: quoted, and text that starts like a formula kept as text. */
const csvCell = (v: string) => `"${(/^[=+\-@]/.test(v) ? `'${v}` : v).replaceAll('"', '""')}"`;

/**
 * The rows of an Excel import, each with what became of it (added, updated, skipped, or what is
 * wrong with it, to correct in the sheet), and the same as a file to download.
 */
export function ImportReport({
  failed,
  onClose,
  testId,
  fileName,
}: {
  failed: ImportFailure | null;
  onClose: () => void;
  testId: string;
  /** name of the downloadable report, without extension */
  fileName?: string;
}) {
  const { t } = useTranslation();
  const rows = failed?.rows ?? failed?.errors?.map((e) => ({ ...e, Status: 'error' as const, Key: '' }));
  const download = () => {
    const head = [
      t('list.importReportRow'),
      t('list.importReportStatus'),
      t('list.importReportKey'),
      t('list.importReportMessage'),
    ];
    const lines = [
      head,
      ...(rows ?? []).map((r) => [
        String(r.Row),
        t(`list.importStatus.${r.Status}`),
        r.Key ?? '',
        r.Message ?? '',
      ]),
    ];
    // a BOM so that Excel reads the Chinese as UTF-8
    const text = `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
    saveBlob(
      new Blob([text], { type: 'text/csv;charset=utf-8' }),
      `${fileName ?? t('list.importReport')}.csv`,
    );
  };
  return (
    <Modal
      open={!!failed}
      title={failed?.message}
      onCancel={onClose}
      footer={
        <>
          {!!rows?.length && (
            <Button onClick={download} data-testid={`${testId}-download`}>
              {t('list.importReportDownload')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
      data-testid={testId}
    >
      {!!rows?.length && (
        <List
          size="small"
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={
            failed?.rows ? rows.filter((r) => r.Status !== 'updated' && r.Status !== 'added') : rows
          }
          renderItem={(e) => (
            <List.Item>
              {t('list.importRow', { row: e.Row })}:{' '}
              <Tag color={STATUS_COLOR[e.Status]}>{t(`list.importStatus.${e.Status}`)}</Tag>
              {e.Message}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
