import { type ComponentType, lazy, type ReactNode } from 'react';
import { appEn, appZh } from '../locales';
import { MODULE_PAGES } from '../modules';
import type { RouteMeta } from '../shell/menu';
import type { Resolution, StaticRoute } from '../shell/resolve';

export interface PageProps {
  meta: RouteMeta;
}

// Route-level splitting (DESIGN.md §6): a page's code loads when its tab first opens.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// the generic pages bring the table and the form: not loaded for a user who only sees the dashboard
// antd's Result with its pictures: only for the pages that show one, not with every signed-in page
const Forbidden = lazy(() => import('./Forbidden').then((m) => ({ default: m.Forbidden })));
const Placeholder = page(() => import('./Placeholder'), 'Placeholder');
const EntityListRoute = lazy(() => import('./EntityPages').then((m) => ({ default: m.EntityListRoute })));
const EntityRecordRoute = lazy(() => import('./EntityPages').then((m) => ({ default: m.EntityRecordRoute })));

const PAGES: Record<string, ComponentType<PageProps>> = {
  dashboard: page(() => import('./Dashboard'), 'Dashboard'),
  sop: page(() => import('./Sop'), 'Sop'),
  messages: page(() => import('./messages/MessageList'), 'MessageList'),
  needdo: page(() => import('./messages/NeedDo'), 'NeedDo'),
  fastSearch: page(() => import('./FastSearch'), 'FastSearch'),
  contact: page(() => import('./Contact'), 'Contact'),
  placeholder: Placeholder,
  departments: (p: PageProps) => <EntityListRoute meta={p.meta} entity="Department" />,
};

/**
 * A module's page comes inside antd's App (its message, notification and modal hooks, `App.useApp()`),
 * loaded with the page: the dashboard and the shell use none of it, and it is 20 KB on the wire
 * (issue 24: sign-in plus the dashboard ≤ 300 KB). A new module's pages get it the same way.
 */
const withAntApp = (load: () => Promise<ComponentType<PageProps>>) =>
  lazy(async () => {
    const [Page, { default: AntApp }] = await Promise.all([load(), import('antd/es/app')]);
    return {
      default: (p: PageProps) => (
        <AntApp>
          <Page {...p} />
        </AntApp>
      ),
    };
  });

const MODULE_COMPONENTS: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  Object.entries(MODULE_PAGES).map(([code, load]) => [code, withAntApp(load)]),
);

/** Menu pages served by a bespoke page rather than the generic list (matched by menu code). */
export const BESPOKE: Readonly<Record<string, string>> = {
  'home.message': 'messages',
  'home.needdo': 'needdo',
  'home.sop': 'sop',
};

const title = (k: keyof typeof appZh.nav) => ({ zh: appZh.nav[k], en: appEn.nav[k] });

export const DASHBOARD_PATH = '/dashboard';

/** Spec part 1 §2: the routes inside the main layout that every signed-in user has. */
export const STATIC_ROUTES: StaticRoute[] = [
  {
    path: DASHBOARD_PATH,
    page: 'dashboard',
    title: title('dashboard'),
    icon: 'home',
    affix: true,
    noCache: true,
  },
  { path: '/SOP', page: 'sop', title: title('sop'), icon: 'question-circle' },
  { path: '/AllMessage', page: 'messages', title: title('messages'), icon: 'bell' },
  { path: '/home/MessageList/AllMessageList', page: 'messages', title: title('messages'), icon: 'bell' },
  { path: '/needdo', page: 'needdo', title: title('needdo'), icon: 'schedule' },
  {
    path: '/home/AccountCenter/CompanyInfor',
    page: 'home.company',
    title: title('companyInfo'),
    icon: 'home',
  },
  { path: '/home/fastSearch/search', page: 'fastSearch', title: title('fastSearch'), noCache: true },
  { path: '/home/contact', page: 'contact', title: title('contact') },
  { path: '/apply', page: 'setting.user', title: title('apply'), icon: 'team', requires: ['setting.user'] },
  {
    path: '/PD/PDPlan/ProducePlanRecord',
    // a module's page by its menu code (modules/production/web.ts)
    page: 'PD.producePlan',
    title: title('producePlan'),
    icon: 'build',
    requires: ['PD.producePlan'],
  },
  {
    path: '/record/agencyPersonnel/departmentRecord',
    page: 'departments',
    title: title('departmentRecord'),
    icon: 'apartment',
    requires: ['record.department', 'setting.department'],
  },
];

/** The element a resolved path shows. */
export function renderPage(res: Resolution): ReactNode {
  if (res.kind === 'record')
    return <EntityRecordRoute meta={res.meta} id={res.id} listTitle={res.listTitle} />;
  if (res.kind === 'static') {
    if (!res.allowed) return <Forbidden />;
    const Shell = PAGES[res.route.page];
    if (Shell) return <Shell meta={res.meta} />;
    const Page = MODULE_COMPONENTS[res.route.page] ?? Placeholder;
    // a module page shown at a shell route (/apply) keeps its menu page's buttons and column settings
    const { lender } = res;
    const meta = lender ? { ...res.meta, buttons: lender.buttons, Menu_ID: lender.Menu_ID } : res.meta;
    return <Page meta={meta} />;
  }
  const fromModule = res.meta.Menu_Code ? MODULE_COMPONENTS[res.meta.Menu_Code] : undefined;
  if (fromModule) {
    const Page = fromModule;
    return <Page meta={res.meta} />;
  }
  const bespoke = res.meta.Menu_Code ? BESPOKE[res.meta.Menu_Code] : undefined;
  if (bespoke) {
    const Page = PAGES[bespoke];
    return <Page meta={res.meta} />;
  }
  if (res.meta.Entity_Name) return <EntityListRoute meta={res.meta} />;
  return <Placeholder meta={res.meta} />;
}
