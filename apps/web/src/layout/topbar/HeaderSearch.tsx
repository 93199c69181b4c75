import { SearchOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { AutoComplete, Input } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../hooks/useDebounced';
import { useSession } from '../../session/session';
import { nameOf, searchMenus } from '../../shell/menu';
import { MENU_SEARCH_DELAY_MS } from '../../shell/rules';
import { TopIcon } from './TopIcon';

export const FAST_SEARCH_PATH = '/home/fastSearch/search';

/** Quick search: menus as you type (200 ms delay); Enter opens the full results (menus and documents). */
export function HeaderSearch() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pages } = useSession();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const term = useDebounced(text, MENU_SEARCH_DELAY_MS);
  const picked = useRef(false);

  const options = useMemo(
    () =>
      searchMenus(pages, term)
        .slice(0, 12)
        .map(({ page, module }) => ({
          value: page.Route ?? '',
          label: (
            <span data-testid={`header-search-${page.Menu_Code}`}>
              {nameOf(page, lang)}
              <span style={{ color: '#999', marginLeft: 8, fontSize: 12 }}>{nameOf(module, lang)}</span>
            </span>
          ),
        })),
    [pages, term, lang],
  );

  const close = () => {
    setOpen(false);
    setText('');
  };

  if (!open)
    return (
      <TopIcon label={t('app.topbar.search')} testId="header-search" onClick={() => setOpen(true)}>
        <SearchOutlined />
      </TopIcon>
    );
  return (
    <AutoComplete
      autoFocus
      open={options.length > 0}
      defaultActiveFirstOption={false}
      options={options}
      value={text}
      onChange={setText}
      onSelect={(path: string) => {
        picked.current = true;
        close();
        navigate(path);
      }}
      onBlur={() => setTimeout(close, 150)}
      style={{ width: 240 }}
      popupMatchSelectWidth={320}
    >
      <Input
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('app.topbar.searchPlaceholder')}
        data-testid="header-search-input"
        onPressEnter={() => {
          // Enter on a highlighted option selects it; only a bare Enter opens the full results
          setTimeout(() => {
            if (picked.current) {
              picked.current = false;
              return;
            }
            const q = text.trim();
            close();
            if (q) navigate(`${FAST_SEARCH_PATH}?q=${encodeURIComponent(q)}`);
          }, 0);
        }}
        onKeyDown={(e) => e.key === 'Escape' && close()}
      />
    </AutoComplete>
  );
}
