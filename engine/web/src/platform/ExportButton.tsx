import { DownloadOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n';
import { fetchFile, saveBlob } from './download';

const KEY = 'entity-export';

function kb(n: number): string {
  return n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Export to Excel with a progress indicator: the server streams the workbook, the button counts what
 * has arrived and saves it when complete.
 */
export function ExportButton({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    void message.loading({ key: KEY, content: t('platform.export.running'), duration: 0 });
    try {
      const blob = await fetchFile(url, lang, (received) => {
        void message.loading({
          key: KEY,
          content: `${t('platform.export.running')} ${kb(received)}`,
          duration: 0,
        });
      });
      saveBlob(blob, fileName);
      void message.success({ key: KEY, content: t('platform.export.done'), duration: 2 });
    } catch (e) {
      void message.error({
        key: KEY,
        content: e instanceof Error ? e.message : t('platform.export.failed'),
        duration: 3,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid="entity-export">
      {t('common.export')}
    </Button>
  );
}
