import { setLanguage, useLang } from '@mes/engine-web/i18n';
import type { Lang } from '@mes/model';
import { useTranslation } from 'react-i18next';

/**
 * zh / en toggle; the choice is kept in localStorage `lang` and every label follows at once.
 * Compact (phones) shows 中 / EN so that the top bar fits 390 px. Two plain buttons in antd
 * Segmented's small look (`.lang-switch` in shell.css): it is on every page, antd's is 4 KB more.
 */
export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const options: { value: Lang; label: string }[] = [
    { value: 'zh', label: compact ? '中' : t('shell.zh') },
    { value: 'en', label: compact ? 'EN' : t('shell.en') },
  ];
  return (
    <div className="lang-switch" title={t('shell.language')} data-testid="lang-switch">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={lang === o.value}
          className={lang === o.value ? 'lang-switch-item lang-switch-on' : 'lang-switch-item'}
          onClick={() => lang !== o.value && void setLanguage(o.value)}
          data-testid={`lang-${o.value}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
