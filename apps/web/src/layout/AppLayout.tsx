import type { ModuleManifest } from '@mes/model';
import { Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { MAIN_PADDING, TOPBAR_HEIGHT } from './theme';

/** The simple shell of this stage: sidebar, top bar, page. Sign-in, tabs and the rest come later. */
export function AppLayout({ modules }: { modules: ModuleManifest[] }) {
  return (
    <Layout style={{ height: '100vh' }}>
      <Sidebar modules={modules} />
      <Layout>
        <TopBar />
        <Layout.Content
          style={{ padding: MAIN_PADDING, overflow: 'auto', height: `calc(100vh - ${TOPBAR_HEIGHT}px)` }}
          data-testid="main"
        >
          <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
