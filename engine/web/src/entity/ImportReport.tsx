import { Button, List, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** What an import refused: the server's message and the rows that stopped it. */
export interface ImportFailure {
  message: string;
  errors?: { Row: number; Message: string }[];
}

/** The rows of a refused Excel import, each with what is wrong with it, to correct in the sheet. */
export function ImportReport({
  failed,
  onClose,
  testId,
}: {
  failed: ImportFailure | null;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!failed}
      title={failed?.message}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      data-testid={testId}
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
  );
}
