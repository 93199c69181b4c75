import { DownloadOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../entity/context';
import { useLang } from '../i18n';
import { fetchFile, saveBlob } from './download';

const KEY = 'entity-export';
const POLL_MS = 300;

/** What GET /Excel/ExportProgress answers: rows written of the rows to write. */
export interface ExportProgress {
  Total: number;
  Written: number;
  Done: boolean;
}

export function percentOf(p: ExportProgress): number {
  if (p.Done || p.Total <= 0) return p.Done ? 100 : 0;
  return Math.min(100, Math.floor((p.Written / p.Total) * 100));
}

/** A name for one export; getRandomValues works on a plain-http intranet address, randomUUID does not. */
function newToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * Export to Excel with a percentage: the server streams the workbook and counts the rows it has
 * written against the list's total; the button asks for that count while the file arrives.
 */
export function ExportButton({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const show = (percent: number) =>
    void message.loading({
      key: KEY,
      content: <span data-testid="export-progress">{`${t('platform.export.running')} ${percent}%`}</span>,
      duration: 0,
    });
  const run = async () => {
    setBusy(true);
    show(0);
    const token = newToken();
    let finished = false;
    let shown = 0;
    const poll = async () => {
      while (!finished) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const p = await api
          .get<ExportProgress>('/Excel/ExportProgress', { Token: token }, { quiet: true, interrupt: false })
          .then((e) => e.Data)
          .catch(() => null);
        // the percentage only grows, and the last word is the download's own end
        if (p && !finished && percentOf(p) > shown) {
          shown = percentOf(p);
          show(shown);
        }
      }
    };
    void poll();
    try {
      const blob = await fetchFile(`${url}${url.includes('?') ? '&' : '?'}Progress_Token=${token}`, lang);
      finished = true;
      show(100);
      saveBlob(blob, fileName);
      void message.success({ key: KEY, content: t('platform.export.done'), duration: 2 });
    } catch (e) {
      void message.error({
        key: KEY,
        content: e instanceof Error ? e.message : t('platform.export.failed'),
        duration: 3,
      });
    } finally {
      finished = true;
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid="entity-export">
      {t('common.export')}
    </Button>
  );
}
