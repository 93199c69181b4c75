import { AppstoreOutlined, CloseCircleFilled, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { useApi } from '@mes/engine-web/entity';
import { useLang } from '@mes/engine-web/i18n';
import { Empty, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../hooks/useDebounced';
import { shellApi } from '../../session/api';
import { useSession } from '../../session/session';
import { nameOf, searchMenus } from '../../shell/menu';
import { usePinyin } from '../../shell/pinyin';
import { MENU_SEARCH_DELAY_MS } from '../../shell/rules';
import { AccordionMenu } from './AccordionMenu';
import { IconColumnMenu } from './IconColumnMenu';
import './sidebar.css';

export const ICON_COLUMN_MODE = 1;

export interface SidebarProps {
  width: number;
  collapsed: boolean;
  activePath: string;
  activeModule?: string;
  /** In the phone drawer the icon column's side panel has no room: the accordion is used there. */
  inDrawer?: boolean;
  onNavigate?: () => void;
}

/** The left menu: search, the user's menu in their style, and the style switch (saved on the server). */
export function Sidebar({ width, collapsed, activePath, activeModule, inDrawer, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const api = useApi();
  const navigate = useNavigate();
  const session = useSession();
  const [text, setText] = useState('');
  const term = useDebounced(text, MENU_SEARCH_DELAY_MS);
  // pinyin loads with the first letter typed; the results are searched again once it is there
  usePinyin(text.length > 0);
  const results = searchMenus(session.pages, term);
  const iconMode = session.user.Menu_Mode === ICON_COLUMN_MODE;

  const switchMode = async () => {
    const r = await shellApi(api).toggleMenuMode();
    // spec part 1 §7: Code 0 applies it (any other answer was rejected by the client)
    if (r.Code === 0 && r.Data) session.setMenuMode(r.Data.Menu_Mode);
  };

  const view = { menu: session.menu, activePath, activeModule, collapsed, onNavigate };
  return (
    <aside className="sidebar" style={{ width }} data-testid="sidebar" data-menu-mode={iconMode ? 1 : 2}>
      {!collapsed && (
        <div className="sidebar-search">
          {/* a plain input in antd's borderless look: antd's Input is not worth its weight on every page */}
          <span className="sidebar-search-box">
            <SearchOutlined />
            <input
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('app.sidebar.search')}
              aria-label={t('app.sidebar.search')}
              data-testid="menu-search"
              // Enter opens the first hit at once, without waiting for the typing delay; Esc clears
              onKeyDown={(e) => {
                if (e.key === 'Escape') return setText('');
                if (e.key !== 'Enter') return;
                const first = searchMenus(session.pages, text)[0];
                if (!first) return;
                setText('');
                navigate(first.page.Route ?? '/');
                onNavigate?.();
              }}
            />
            {text && (
              <button
                type="button"
                className="sidebar-search-clear"
                aria-label={t('app.sidebar.clear')}
                onClick={() => setText('')}
              >
                <CloseCircleFilled />
              </button>
            )}
          </span>
        </div>
      )}
      <div className="sidebar-scroll">
        {term.trim() ? (
          <div className="menu-results" data-testid="menu-results">
            {results.length === 0 && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<span style={{ color: '#8a94a6' }}>{t('app.sidebar.noMatch')}</span>}
              />
            )}
            {results.map(({ page, module, group }) => (
              <button
                type="button"
                key={page.Menu_Code}
                className={`menu-result${page.Route === activePath ? ' active' : ''}`}
                onClick={() => {
                  setText('');
                  navigate(page.Route ?? '/');
                  onNavigate?.();
                }}
                data-testid={`menu-result-${page.Menu_Code}`}
              >
                <span>{nameOf(page, lang)}</span>
                <small>
                  {nameOf(module, lang)}
                  {group ? ` / ${nameOf(group, lang)}` : ''}
                </small>
              </button>
            ))}
          </div>
        ) : iconMode && !inDrawer ? (
          <IconColumnMenu {...view} width={width} />
        ) : (
          <AccordionMenu {...view} />
        )}
      </div>
      <Tooltip title={t('app.sidebar.switchMode')} placement="right">
        <button
          type="button"
          className="sidebar-mode"
          onClick={() => void switchMode()}
          data-testid="menu-mode-toggle"
          aria-label={t('app.sidebar.switchMode')}
        >
          {iconMode ? <MenuOutlined /> : <AppstoreOutlined />}
          {!collapsed && <span>{iconMode ? t('app.sidebar.accordionMode') : t('app.sidebar.iconMode')}</span>}
        </button>
      </Tooltip>
    </aside>
  );
}
