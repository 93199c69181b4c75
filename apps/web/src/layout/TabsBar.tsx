import {
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  ReloadOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useLabel } from '@mes/engine-web/i18n';
import { Dropdown, type MenuProps } from 'antd';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOftenMenus, useToggleFavourite } from '../session/queries';
import type { TabView } from '../shell/tabs';
import { useTabs } from './TabsContext';

/** The tab row: visited pages; right-click for refresh, close, close others, close all and favourites. */
export function TabsBar() {
  const tabs = useTabs();
  const navigate = useNavigate();
  const label = useLabel();
  const row = useRef<HTMLDivElement>(null);

  // the active tab scrolls into view when opened from the menu
  useEffect(() => {
    row.current
      ?.querySelector('[data-active="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tabs.activeKey]);

  return (
    <nav className="tabs-bar" ref={row} data-testid="tabs-bar">
      {tabs.views.map((v) => (
        <TabMenu key={v.key} view={v}>
          <div
            className={`tab-item${v.key === tabs.activeKey ? ' active' : ''}`}
            data-testid="tab"
            data-path={v.key}
            data-active={v.key === tabs.activeKey}
            role="tab"
            aria-selected={v.key === tabs.activeKey}
            tabIndex={0}
            onClick={() => navigate(v.fullPath)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(v.fullPath)}
            onAuxClick={(e) => e.button === 1 && !v.affix && tabs.close(v.key)}
          >
            <span className="tab-dot" />
            <span>{label(v.title)}</span>
            {!v.affix && (
              <CloseOutlined
                className="tab-close"
                data-testid="tab-close"
                onClick={(e) => {
                  e.stopPropagation();
                  tabs.close(v.key);
                }}
              />
            )}
          </div>
        </TabMenu>
      ))}
    </nav>
  );
}

function TabMenu({ view, children }: { view: TabView; children: ReactElement }) {
  const { t } = useTranslation();
  const tabs = useTabs();
  const often = useOftenMenus();
  const toggle = useToggleFavourite();
  const collected = !!often.data?.some((o) => o.Menu_ID === view.Menu_ID && o.Is_Collect);
  const item = (key: string, icon: ReactNode, text: string, onClick: () => void, disabled = false) => ({
    key,
    icon,
    disabled,
    label: <span data-testid={`tab-menu-${key}`}>{text}</span>,
    onClick,
  });
  const items: MenuProps['items'] = [
    item('refresh', <ReloadOutlined />, t('app.tabs.refresh'), () => tabs.refresh(view.key)),
    item('close', <CloseOutlined />, t('app.tabs.close'), () => tabs.close(view.key), !!view.affix),
    item('close-others', <ColumnWidthOutlined />, t('app.tabs.closeOthers'), () =>
      tabs.closeOthers(view.key),
    ),
    item('close-all', <CloseCircleOutlined />, t('app.tabs.closeAll'), () => tabs.closeAll()),
  ];
  if (view.Menu_ID) {
    const id = view.Menu_ID;
    items.push({ type: 'divider' });
    items.push(
      collected
        ? item('favourite-remove', <StarFilled />, t('app.tabs.removeFavourite'), () => void toggle(id))
        : item('favourite-add', <StarOutlined />, t('app.tabs.addFavourite'), () => void toggle(id)),
    );
  }
  return (
    <Dropdown menu={{ items }} trigger={['contextMenu']}>
      {children}
    </Dropdown>
  );
}
