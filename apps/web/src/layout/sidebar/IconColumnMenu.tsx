import { HomeOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuNode, nameOf } from '../../shell/menu';
import { menuIcon } from '../icons';
import { TOPBAR_HEIGHT } from '../theme';
import type { MenuViewProps } from './AccordionMenu';

const CLOSE_DELAY_MS = 200;
/** One column of the side panel per group, up to four side by side. */
const PANEL_COLUMN = 190;

/**
 * Icon-column style (Menu_Mode 1): a column of module tiles; pointing at one (or tapping it) opens a
 * panel beside the column with that module's groups and pages side by side.
 */
export function IconColumnMenu({
  menu,
  activePath,
  activeModule,
  collapsed,
  width,
  onNavigate,
}: MenuViewProps & { width: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (code: string) => {
    clearTimeout(timer.current);
    setOpen(code);
  };
  const hideSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(null), CLOSE_DELAY_MS);
  };
  const go = (path: string) => {
    setOpen(null);
    navigate(path);
    onNavigate?.();
  };
  const module = menu.find((m) => m.Menu_Code === open);
  const groups: MenuNode[] = module
    ? (module.children ?? []).map((g) => (g.Menu_Type === 2 ? g : { ...module, children: [g] }))
    : [];

  return (
    <div className="icon-menu" data-testid="menu-icon-column">
      <button
        type="button"
        className={`icon-menu-tile${activePath === '/dashboard' ? ' active' : ''}${collapsed ? ' collapsed' : ''}`}
        onClick={() => go('/dashboard')}
        data-testid="menu-dashboard"
        title={t('app.nav.dashboardMenu')}
      >
        <HomeOutlined />
        {!collapsed && <span>{t('app.nav.dashboardMenu')}</span>}
      </button>
      {menu.map((m) => (
        <button
          type="button"
          key={m.Menu_Code}
          className={`icon-menu-tile${m.Menu_Code === activeModule ? ' active' : ''}${open === m.Menu_Code ? ' open' : ''}${collapsed ? ' collapsed' : ''}`}
          onMouseEnter={() => show(m.Menu_Code)}
          onMouseLeave={hideSoon}
          onClick={() => (open === m.Menu_Code ? setOpen(null) : show(m.Menu_Code))}
          data-testid={`menu-${m.Menu_Code}`}
          title={nameOf(m, lang)}
          aria-expanded={open === m.Menu_Code}
        >
          {menuIcon(m.Icon)}
          {!collapsed && <span>{nameOf(m, lang)}</span>}
        </button>
      ))}
      {module && (
        <div
          className="icon-menu-panel"
          role="menu"
          style={{ left: width, top: TOPBAR_HEIGHT, width: Math.min(groups.length, 4) * PANEL_COLUMN + 40 }}
          onMouseEnter={() => show(module.Menu_Code)}
          onMouseLeave={hideSoon}
          data-testid="menu-panel"
        >
          <div className="icon-menu-panel-title">{nameOf(module, lang)}</div>
          <div className="icon-menu-panel-groups">
            {groups.map((g) => (
              <div key={g.Menu_Code} className="icon-menu-group">
                <div className="icon-menu-group-title">{nameOf(g, lang)}</div>
                {(g.children ?? [])
                  .filter((p) => p.Route)
                  .map((p) => (
                    <button
                      type="button"
                      key={p.Menu_Code}
                      role="menuitem"
                      className={`icon-menu-page${p.Route === activePath ? ' active' : ''}`}
                      onClick={() => go(p.Route ?? '/')}
                      data-testid={`menu-${p.Menu_Code}`}
                    >
                      {nameOf(p, lang)}
                    </button>
                  ))}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
