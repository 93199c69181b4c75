import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from './layout/PageSpinner';
import { RequireSession } from './session/session';

const lazyNamed = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((m) => ({ default: m[name] })));

const loadModules = () => import('./ModulesProvider');
const Modules = lazyNamed(loadModules, 'ModulesProvider');
const loadShell = () => import('./layout/AppLayout');
const loadAntd = () => import('./layout/AntdScope');
const AntdScope = lazyNamed(loadAntd, 'AntdScope');

// every page is its own chunk: the sign-in page must not load the shell (issue 24: ≤ 150 KB on the wire)
const Login = lazyNamed(() => import('./pages/Login'), 'Login');
const AppLayout = lazyNamed(loadShell, 'AppLayout');
const NotFound = lazyNamed(() => import('./pages/NotFound'), 'NotFound');
const LockPage = lazyNamed(() => import('./pages/LockPage'), 'LockPage');
const Wizard = lazyNamed(() => import('./pages/wizard/Wizard'), 'Wizard');
const BoardHome = lazyNamed(() => import('./pages/boards/BoardHome'), 'BoardHome');
const BoardOverview = lazyNamed(() => import('./pages/boards/BoardOverview'), 'BoardOverview');
const Legal = lazyNamed(() => import('./pages/legal/Legal'), 'Legal');

// the sign-in page is plain React: antd's theme and language (and antd) come with every other page
const plain = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;
const full = (node: ReactNode) => plain(<AntdScope>{node}</AntdScope>);
/** Starts loading the modules and the shell while the session is being checked, not after. */
function Preload() {
  useEffect(() => {
    void loadAntd().catch(() => {});
    void loadModules().catch(() => {});
    void loadShell().catch(() => {});
  }, []);
  return null;
}
// a signed-in page gets the modules' declarations (the registry) around it
const guarded = (node: ReactNode, allowLocked = false) => (
  <>
    <Preload />
    {full(
      <RequireSession allowLocked={allowLocked}>
        <Modules>{node}</Modules>
      </RequireSession>,
    )}
  </>
);

/**
 * Spec part 1 §2. Public routes: /login, /404 and /BoardHomePage are constant routes (the last two still
 * want a signed-in user); /Board/Overview, /ServiceAgreement and /PrivacyPolicy skip the sign-in check.
 * Everything else is the main layout, whose pages come from the user's menu; unknown paths go to /404.
 */
export function buildRoutes(): RouteObject[] {
  return [
    { path: '/login', element: plain(<Login />) },
    { path: '/404', element: guarded(<NotFound />) },
    { path: '/BoardHomePage', element: guarded(<BoardHome />) },
    { path: '/Board/Overview', element: full(<BoardOverview />) },
    { path: '/ServiceAgreement', element: full(<Legal doc="service" />) },
    { path: '/PrivacyPolicy', element: full(<Legal doc="privacy" />) },
    { path: '/lockPage', element: guarded(<LockPage />, true) },
    { path: '/navigation', element: guarded(<Wizard />) },
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    { path: '*', element: guarded(<AppLayout />) },
  ];
}
