import { PrinterOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { Button, Modal, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../entity/context';
import { useLang } from '../i18n';
import { fetchFile } from './download';

export const PRINT_MESSAGE_SECONDS = 1;

/** The print preview: the server's PDF (GET /Report/Viewer) in the browser's PDF viewer. */
export function usePrint(def: EntityDef) {
  const api = useApi();
  const lang = useLang();
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  /** One record's key, or several separated by commas (one PDF, a section per record). */
  const print = async (id: number | string | null | undefined) => {
    const key = id === null || id === undefined ? '' : String(id).trim();
    // spec part 1 §5: an empty List_NO is refused before anything is asked of the server
    if (!key) return void message.warning(t('platform.print.selectRow'), PRINT_MESSAGE_SECONDS);
    setBusy(true);
    try {
      const pdf = await fetchFile(api.url('/Report/Viewer', { Entity: def.name, ID: key }), lang);
      setUrl(URL.createObjectURL(pdf));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('errors.unknown'), 2);
    } finally {
      setBusy(false);
    }
  };
  const viewer = (
    <Modal
      open={!!url}
      title={t('platform.print.title')}
      width="80vw"
      footer={null}
      onCancel={() => setUrl(null)}
      destroyOnHidden
      data-testid="print-viewer"
    >
      {url && (
        <iframe
          title={t('platform.print.title')}
          src={url}
          style={{ width: '100%', height: '75vh', border: 0 }}
          data-testid="print-frame"
        />
      )}
    </Modal>
  );
  return { print, viewer, busy };
}

export function PrintButton({ def, id }: { def: EntityDef; id: number | null }) {
  const { t } = useTranslation();
  const { print, viewer, busy } = usePrint(def);
  return (
    <>
      <Button icon={<PrinterOutlined />} loading={busy} onClick={() => print(id)} data-testid="print-button">
        {t('platform.print.button')}
      </Button>
      {viewer}
    </>
  );
}
