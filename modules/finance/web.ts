import type { ModulePages } from '@mes/engine-web/entity';

/** The module's bespoke pages by menu code, each loaded when first opened; every other page is the generic list. */
export const financePages: ModulePages = {
  'finance.receivable': () => import('./pages/ledgers').then((m) => m.ReceivablePage),
  'finance.payable': () => import('./pages/ledgers').then((m) => m.PayablePage),
  'finance.ageing': () => import('./pages/AgeingPage').then((m) => m.AgeingPage),
  'finance.statement': () => import('./pages/StatementPage').then((m) => m.StatementPage),
};
