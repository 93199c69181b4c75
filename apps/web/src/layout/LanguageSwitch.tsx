import { setLanguage, useLang } from '@mes/engine-web/i18n';
import type { Lang } from '@mes/model';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * zh / en toggle; the choice is kept in localStorage `lang` and every label follows at once.
 * Compact (phones) shows 中 / EN so that the top bar fits 390 px.
 */
export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Segmented<Lang>
      size="small"
      value={lang}
      aria-label={t('shell.language')}
      data-testid="lang-switch"
      onChange={(v) => void setLanguage(v)}
      options={[
        { value: 'zh', label: <span data-testid="lang-zh">{compact ? '中' : t('shell.zh')}</span> },
        { value: 'en', label: <span data-testid="lang-en">{compact ? 'EN' : t('shell.en')}</span> },
      ]}
    />
  );
}
