import { authStorage } from '@mes/engine-web/api';
import { setCompanyTimeZone, useApi } from '@mes/engine-web/entity';
import { PARAM } from '@mes/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../layout/PageSpinner';
import {
  generateRoutes,
  type MenuNode,
  menuPages,
  type PageEntry,
  type RouteMeta,
  sortMenu,
} from '../shell/menu';
import { autoLockMs } from '../shell/rules';
import { type LoginInfo, shellApi } from './api';
import { isLocked } from './cookies';

// antd's form, for the few who must change their password: not in the entry the sign-in page loads
const ForcedPasswordChange = lazy(() =>
  import('./ForcedPasswordChange').then((m) => ({ default: m.ForcedPasswordChange })),
);

/** The signed-in user, their menu and the routes generated from it. */
export interface Session {
  userId: number;
  user: LoginInfo;
  menu: MenuNode[];
  pages: PageEntry[];
  routes: RouteMeta[];
  /** Auto-lock after this many ms without activity; 0 = off (system parameter 30). */
  autoLockMs: number;
  /** Applies a menu mode the server confirmed (GET /UsersHabit/UpdateMenuMode). */
  setMenuMode(mode: number): void;
}

interface SessionData {
  user: LoginInfo;
  menu: MenuNode[];
}

export const sessionKey = (userId: string) => ['session', userId] as const;

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside RequireSession');
  return s;
}

/** The session when signed in, null on public pages (the legal pages, the overview board). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function loginPath(from: string): string {
  const back =
    from && from !== '/' && !from.startsWith('/login') ? `?redirect=${encodeURIComponent(from)}` : '';
  return `/login${back}`;
}

/**
 * The route guard (spec part 1 §4): no User_ID cookie → /login; on first navigation the user info and
 * menu are loaded and the routes generated; a failure goes to /login; a locked screen stays locked.
 */
export function RequireSession({ children, allowLocked }: { children: ReactNode; allowLocked?: boolean }) {
  const api = useApi();
  const qc = useQueryClient();
  const location = useLocation();
  const userId = authStorage().getUserId();
  const query = useQuery({
    queryKey: sessionKey(userId ?? ''),
    enabled: !!userId,
    // loaded once per sign-in; a reload of the page loads it again
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }): Promise<SessionData> => {
      const id = userId ?? '';
      // both at once; the menu is refused while the password must be changed, and not needed then
      const [user, menu] = await Promise.all([
        shellApi(api).loginInfo(id, signal),
        shellApi(api)
          .userMenu(id, signal)
          .then(
            (m) => ({ m }),
            (error: unknown) => ({ error }),
          ),
      ]);
      if (!user) throw new Error('GetLoginInfo answered without Data');
      if (user.Must_Change_Pwd) return { user, menu: [] };
      if ('error' in menu) throw menu.error;
      return { user, menu: menu.m ?? [] };
    },
  });

  const session = useMemo<Session | null>(() => {
    if (!query.data || !userId) return null;
    const { user, menu } = query.data;
    // every time is shown on the company's clock (公司时区), set before any page renders one
    setCompanyTimeZone(user.SystemSettings?.find((p) => p.ID === PARAM.COMPANY_TIME_ZONE)?.Parameter_Value);
    const sorted = sortMenu(menu);
    return {
      userId: Number(user.User_ID),
      user,
      menu: sorted,
      pages: menuPages(sorted),
      routes: generateRoutes(sorted),
      autoLockMs: autoLockMs(user.SystemSettings),
      setMenuMode: (mode) =>
        qc.setQueryData<SessionData>(sessionKey(userId), (old) =>
          old ? { ...old, user: { ...old.user, Menu_Mode: mode } } : old,
        ),
    };
  }, [query.data, userId, qc]);

  const failed = query.isError;
  useEffect(() => {
    // the 401 rule has already sent the browser to /login; any other failure forgets the credentials
    if (failed) authStorage().clearCredentials();
  }, [failed]);

  const from = `${location.pathname}${location.search}`;
  if (!userId) return <Navigate to={loginPath(from)} replace />;
  if (!allowLocked && isLocked()) return <Navigate to="/lockPage" replace />;
  if (failed) return <Navigate to={loginPath(from)} replace />;
  if (session?.user.Must_Change_Pwd)
    return (
      <Suspense fallback={<PageSpinner />}>
        <ForcedPasswordChange
          userId={session.userId}
          onChanged={() => qc.invalidateQueries({ queryKey: sessionKey(userId) })}
        />
      </Suspense>
    );
  if (!session)
    return (
      <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }} data-testid="session-loading">
        <PageSpinner inline />
      </div>
    );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** For tests and bespoke hosts: a fixed session. */
export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
