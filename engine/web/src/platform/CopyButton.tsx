import { CopyOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Puts text on the clipboard. The app is often served over plain http on the factory network,
 * where `navigator.clipboard` does not exist, so a selected hidden text area is the fallback.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the text area
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** A small copy button; says 复制成功 with the text, or 复制失败. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      size="small"
      icon={<CopyOutlined />}
      title={t('common.copy')}
      aria-label={t('common.copy')}
      data-testid={testId ?? 'copy-button'}
      onClick={async (e) => {
        e.preventDefault();
        if (await copyText(text)) message.success(t('common.copySucceeded', { text }));
        else message.warning(t('common.copyFailed'));
      }}
    />
  );
}
