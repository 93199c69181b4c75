import type { ModuleManifest } from '@mes/model';
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { allPages } from './menu';
import { Dashboard } from './pages/Dashboard';
import { NotFound } from './pages/NotFound';

// Route-level splitting (DESIGN.md §6): the generic pages load with the first page that needs them.
const EntityListRoute = lazy(() =>
  import('./pages/EntityPages').then((m) => ({ default: m.EntityListRoute })),
);
const EntityFormRoute = lazy(() =>
  import('./pages/EntityPages').then((m) => ({ default: m.EntityFormRoute })),
);

/** Routes derived from the module manifests: every menu page with an entity is its generic list. */
export function buildRoutes(modules: ModuleManifest[]): RouteObject[] {
  const pages = allPages(modules).filter((p) => p.page.entity);
  return [
    { path: '/404', element: <NotFound /> },
    {
      path: '/',
      element: <AppLayout modules={modules} />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: 'dashboard', element: <Dashboard modules={modules} /> },
        ...pages.flatMap(({ page }) => [
          { path: page.path, element: <EntityListRoute page={page} /> },
          { path: `${page.path}/:id`, element: <EntityFormRoute page={page} /> },
        ]),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
