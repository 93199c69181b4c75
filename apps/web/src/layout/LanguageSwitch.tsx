import { setLanguage, useLang } from '@mes/engine-web/i18n';
import type { Lang } from '@mes/model';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** zh / en toggle; the choice is kept in localStorage `lang` and every label follows at once. */
export function LanguageSwitch() {
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
        { value: 'zh', label: <span data-testid="lang-zh">{t('shell.zh')}</span> },
        { value: 'en', label: <span data-testid="lang-en">{t('shell.en')}</span> },
      ]}
    />
  );
}
