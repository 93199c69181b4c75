import { EntityPagesProvider, useApi, useRegistry } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useIsMobile } from '../hooks/useViewport';
import { DASHBOARD_PATH, STATIC_ROUTES } from '../pages/registry';
import { shellApi } from '../session/api';
import { saveSidebarOpened, sidebarOpened } from '../session/cookies';
import { useSession } from '../session/session';
import { isProductPage, type Resolution, resolvePath } from '../shell/resolve';
import { PageHost } from './PageHost';
import { Sidebar } from './sidebar/Sidebar';
import { TabsBar } from './TabsBar';
import { TabsProvider, useTabs } from './TabsContext';
import { MENU_BG, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './theme';
import { TopBar } from './topbar/TopBar';
import { useAutoLock } from './useAutoLock';

// Rarely shown, so not part of what every signed-in page loads (issue 24: sign-in + dashboard ≤ 300 KB):
// antd's Result with its pictures for a page outside the menu, antd's Drawer for the phone's sidebar.
const Forbidden = lazy(() => import('../pages/Forbidden').then((m) => ({ default: m.Forbidden })));
const Drawer = lazy(() => import('antd/es/drawer'));

/**
 * The main layout: top bar, sidebar, tab row and the page; unknown paths go to /404, and pages of
 * the product this user may not open show no permission.
 */
export function AppLayout() {
  const { routes } = useSession();
  const { pathname } = useLocation();
  const registry = useRegistry();
  const res = resolvePath(pathname, STATIC_ROUTES, routes);
  // a page of the product outside this user's menu is refused as such, not called missing
  if (!res)
    return isProductPage(pathname, registry.modules) ? (
      <Suspense>
        <Forbidden />
      </Suspense>
    ) : (
      <Navigate to="/404" replace />
    );
  return (
    <TabsProvider activeKey={res.meta.path}>
      <Shell res={res} />
    </TabsProvider>
  );
}

function Shell({ res }: { res: Resolution }) {
  const session = useSession();
  const api = useApi();
  const tabs = useTabs();
  const label = useLabel();
  const location = useLocation();
  const mobile = useIsMobile();
  const [opened, setOpened] = useState(sidebarOpened);
  const [drawer, setDrawer] = useState(false);
  const recorded = useRef(new Set<number>());
  useAutoLock(session.autoLockMs);

  const { meta } = res;
  const { open } = tabs;
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    const home = resolvePath(DASHBOARD_PATH, STATIC_ROUTES, session.routes);
    if (home)
      open({
        key: home.meta.path,
        fullPath: home.meta.path,
        title: home.meta.title,
        affix: true,
        noCache: true,
      });
  }, [open, session.routes]);
  useEffect(() => {
    open({
      key: meta.path,
      fullPath,
      title: meta.title,
      affix: meta.affix,
      noCache: meta.noCache,
      Menu_ID: meta.Menu_ID,
      Entity_Name: meta.Entity_Name,
    });
    // a menu page opening counts as a click of that menu (favourites' "most used"), once per visit
    if (meta.Menu_ID && !recorded.current.has(meta.Menu_ID)) {
      recorded.current.add(meta.Menu_ID);
      void shellApi(api)
        .recordClick(meta.Menu_ID)
        .catch(() => {});
    }
  }, [open, meta, fullPath, api]);

  const { retain } = tabs;
  useEffect(() => {
    retain((key) => resolvePath(key, STATIC_ROUTES, session.routes) !== null);
  }, [retain, session.routes]);

  // spec part 1 §4: on a phone the sidebar closes, also on every route change
  useEffect(() => {
    if (mobile) setDrawer(false);
  }, [mobile, location.pathname]);
  useEffect(() => {
    document.title = `${label(meta.title)} - ${session.user.Company_ShortName || ''}`.replace(/ - $/, '');
  }, [label, meta.title, session.user.Company_ShortName]);

  // generic pages (the tree-select's Set button) may open an entity's page only if this menu has it
  const navigate = useNavigate();
  const pages = useMemo(
    () => ({
      open: (entity: string) => {
        const page = session.routes.find((r) => r.Entity_Name === entity);
        return page ? () => navigate(page.path) : null;
      },
      // a record opens at its list's path + id, as its own tab (shell/resolve.ts)
      record: (entity: string, id: number) => {
        const page = session.routes.find((r) => r.Entity_Name === entity);
        return page ? () => navigate(`${page.path}/${id}`) : null;
      },
    }),
    [session.routes, navigate],
  );

  const collapsed = !mobile && !opened;
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const toggle = () => {
    if (mobile) return setDrawer((d) => !d);
    setOpened((o) => {
      saveSidebarOpened(!o);
      return !o;
    });
  };
  const sidebar = (
    <Sidebar
      width={mobile ? SIDEBAR_WIDTH : width}
      collapsed={collapsed}
      activePath={meta.path}
      activeModule={meta.parent}
      inDrawer={mobile}
      onNavigate={() => setDrawer(false)}
    />
  );

  return (
    <div className="shell">
      <TopBar
        brandWidth={width}
        sidebarOpen={mobile ? drawer : opened}
        onToggleSidebar={toggle}
        mobile={mobile}
      />
      <div className="shell-body">
        {mobile ? (
          <Suspense>
            <Drawer
              open={drawer}
              placement="left"
              size={SIDEBAR_WIDTH}
              closable={false}
              onClose={() => setDrawer(false)}
              styles={{ body: { padding: 0, background: MENU_BG } }}
              data-testid="sidebar-drawer"
            >
              {sidebar}
            </Drawer>
          </Suspense>
        ) : (
          sidebar
        )}
        <div className="shell-main">
          <TabsBar />
          <main className="shell-page" data-testid="main">
            <EntityPagesProvider value={pages}>
              <PageHost res={res} />
            </EntityPagesProvider>
          </main>
        </div>
      </div>
    </div>
  );
}
