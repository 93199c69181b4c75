import type { ModulePages } from '@mes/engine-web/entity';

/** The system pages the generic list cannot serve, by menu code (each loaded when first opened). */
export const systemPages = {
  'setting.user': () => import('./pages/UserManagement').then((m) => m.UserManagement),
  'setting.role': () => import('./pages/RolePage').then((m) => m.RolePage),
  'setting.dictionary': () => import('./pages/DictionaryPage').then((m) => m.DictionaryPage),
  'home.company': () => import('./pages/CompanyInfo').then((m) => m.CompanyInfo),
} satisfies ModulePages;
