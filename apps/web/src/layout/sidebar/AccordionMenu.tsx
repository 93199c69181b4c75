import { HomeOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuNode, nameOf } from '../../shell/menu';
import { menuIcon } from '../icons';

export interface MenuViewProps {
  menu: MenuNode[];
  activePath: string;
  /** Menu_Code of the module of the page on screen. */
  activeModule?: string;
  collapsed: boolean;
  onNavigate?: () => void;
}

type Items = NonNullable<MenuProps['items']>;

function pageItem(p: MenuNode, lang: 'zh' | 'en'): Items[number] {
  return {
    key: p.Route ?? p.Menu_Code,
    label: <span data-testid={`menu-${p.Menu_Code}`}>{nameOf(p, lang)}</span>,
  };
}

/** Accordion style (Menu_Mode other than 1): one module open at a time, its groups as headings. */
export function AccordionMenu({ menu, activePath, activeModule, collapsed, onNavigate }: MenuViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(activeModule ? [activeModule] : []);

  // following a link elsewhere (a tab, a message) opens that page's module
  useEffect(() => {
    if (activeModule) setOpenKeys([activeModule]);
  }, [activeModule]);

  const items: Items = [
    {
      key: '/dashboard',
      icon: <HomeOutlined />,
      label: <span data-testid="menu-dashboard">{t('app.nav.dashboardMenu')}</span>,
    },
    ...menu.map((m) => ({
      key: m.Menu_Code,
      icon: menuIcon(m.Icon),
      label: <span data-testid={`menu-${m.Menu_Code}`}>{nameOf(m, lang)}</span>,
      children: (m.children ?? []).map((g) =>
        g.Menu_Type === 2
          ? {
              type: 'group' as const,
              key: g.Menu_Code,
              label: nameOf(g, lang),
              children: (g.children ?? []).filter((p) => p.Route).map((p) => pageItem(p, lang)),
            }
          : pageItem(g, lang),
      ),
    })),
  ];

  return (
    <Menu
      theme="dark"
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={[activePath]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={(keys) => {
        // accordion: the module just opened is the only one open
        const opened = keys.find((k) => !openKeys.includes(k));
        setOpenKeys(opened ? [opened] : keys);
      }}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      data-testid="menu-accordion"
    />
  );
}
