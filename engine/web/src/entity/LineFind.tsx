import { Input, message } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Finds a line of a long table by a material's code or name, a location, a batch: the clerk with
 * thousands of lines to count goes to the one in their hand. Searching again goes on to the next.
 */
export function LineFind({ name, onFind }: { name: string; onFind: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      placeholder={t('form.findLine')}
      style={{ maxWidth: 320, marginBottom: 8 }}
      data-testid={`lines-${name}-find`}
      // Enter here searches; in the form's other boxes it saves (EntityForm's enterSaves)
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.stopPropagation();
      }}
      onSearch={async (text) => {
        if (!text.trim()) return;
        if (!(await onFind(text))) void message.warning(t('form.findNone', { text }));
      }}
    />
  );
}
