import type { ModulePages } from '@mes/engine-web/entity';

/** Inventory pages the generic list cannot serve, by menu code (loaded when first opened). */
export const inventoryPages: ModulePages = {
  'IV.balance': () => import('./pages/StockBalancePage').then((m) => m.StockBalancePage),
  'IV.slowMoving': () => import('./pages/reports').then((m) => m.SlowMovingPage),
  'IV.belowSafety': () => import('./pages/reports').then((m) => m.BelowSafetyPage),
  'record.inventoryAge': () => import('./pages/reports').then((m) => m.InventoryAgePage),
  'record.scrap': () => import('./pages/slices').then((m) => m.ScrapPage),
  'record.outbound': () => import('./pages/slices').then((m) => m.OutboundPage),
};
