import { FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { AutoComplete, Input, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../hooks/useDebounced';
import { useSession } from '../../session/session';
import { nameOf, searchMenus } from '../../shell/menu';
import { usePinyin } from '../../shell/pinyin';
import { useQuickSearch } from '../../shell/quickSearch';
import { MENU_SEARCH_DELAY_MS } from '../../shell/rules';
import { FAST_SEARCH_PATH } from './HeaderSearch';

/** Records per entity in the drop-down; the full results page shows more. */
const TYPE_AHEAD_PER_ENTITY = 3;

const muted = { color: '#999', marginLeft: 8, fontSize: 12 } as const;

/**
 * Quick search, open: menus (by name or pinyin) and records of every entity the user may open, as you
 * type (200 ms delay); picking a record opens it in its tab; a bare Enter opens the full results.
 */
export function HeaderSearchBox({ narrow, onClose }: { narrow: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pages } = useSession();
  const [text, setText] = useState('');
  const term = useDebounced(text, MENU_SEARCH_DELAY_MS);
  const picked = useRef(false);
  const docs = useQuickSearch(term, TYPE_AHEAD_PER_ENTITY);
  const pinyinReady = usePinyin(true);

  const options = useMemo(() => {
    const menus = searchMenus(pages, term)
      .slice(0, 8)
      .map(({ page, module }) => ({
        value: page.Route ?? '',
        label: (
          <span data-testid={`header-search-${page.Menu_Code}`}>
            {nameOf(page, lang)}
            <span style={muted}>{nameOf(module, lang)}</span>
          </span>
        ),
      }));
    const records = (docs.data ?? []).map((g) => ({
      label: (
        <span>
          <FileSearchOutlined /> {g.Label}
          <span style={muted}>{g.Capped ? `${g.TotalCount}+` : g.TotalCount}</span>
        </span>
      ),
      options: g.Hits.map((h) => ({
        value: `${g.route.path}/${h.ID}`,
        label: (
          <span data-testid={`header-search-hit-${g.Entity_Name}-${h.ID}`}>
            {h.Text}
            {h.Detail && <span style={muted}>{h.Detail}</span>}
          </span>
        ),
      })),
    }));
    return [
      ...(menus.length ? [{ label: t('app.search.menus'), options: menus }] : []),
      ...records,
      ...(docs.isFetching && term.trim()
        ? [{ value: '', disabled: true, label: <Spin size="small" data-testid="header-search-loading" /> }]
        : []),
    ];
    // pinyinReady: the menus are matched again once pinyin has loaded
  }, [pages, term, lang, docs.data, docs.isFetching, t, pinyinReady]);

  const close = () => {
    setText('');
    onClose();
  };

  const box = (
    <AutoComplete
      autoFocus
      open={options.length > 0}
      defaultActiveFirstOption={false}
      options={options}
      value={text}
      onChange={setText}
      onSelect={(path: string) => {
        if (!path) return;
        picked.current = true;
        close();
        navigate(path);
      }}
      onBlur={() => setTimeout(close, 150)}
      style={{ width: narrow ? '100%' : 240 }}
      popupMatchSelectWidth={narrow ? true : 360}
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
  // below 1021 px the bar has no room beside its icons: the open search lies across the whole bar
  return narrow ? (
    <div className="topbar-search-narrow" data-testid="header-search-narrow">
      {box}
    </div>
  ) : (
    box
  );
}
