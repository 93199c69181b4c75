import { AppstoreOutlined, HomeOutlined, SettingOutlined } from '@ant-design/icons';
import { useLabel } from '@mes/engine-web/i18n';
import type { ModuleManifest } from '@mes/model';
import { Layout, Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { allPages, menuModules, pageOfPath } from '../menu';
import { SIDEBAR_WIDTH } from './theme';

const ICONS: Record<string, ReactNode> = { setting: <SettingOutlined /> };

export function Sidebar({ modules }: { modules: ModuleManifest[] }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shown = menuModules(modules);
  const current = pageOfPath(allPages(modules), pathname);

  const items: MenuProps['items'] = [
    {
      key: '/dashboard',
      icon: <HomeOutlined />,
      label: <span data-testid="menu-dashboard">{t('shell.dashboard')}</span>,
    },
    ...shown.map((m) => ({
      key: m.code,
      icon: (m.icon && ICONS[m.icon]) || <AppstoreOutlined />,
      label: label(m.label),
      children: m.menu.map((g) => ({
        type: 'group' as const,
        key: g.code,
        label: label(g.label),
        children: g.pages.map((p) => ({
          key: p.path,
          label: <span data-testid={`menu-${p.code}`}>{label(p.label)}</span>,
        })),
      })),
    })),
  ];

  return (
    <Layout.Sider width={SIDEBAR_WIDTH} data-testid="sidebar" style={{ overflowY: 'auto' }}>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[current?.page.path ?? pathname]}
        defaultOpenKeys={shown.map((m) => m.code)}
        onClick={({ key }) => navigate(key)}
      />
    </Layout.Sider>
  );
}
