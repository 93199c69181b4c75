import type { ModulePages } from '@mes/engine-web/entity';

/** Inventory pages the generic list cannot serve, by menu code (loaded when first opened). */
export const inventoryPages: ModulePages = {
  'IV.balance': () => import('./StockBalancePage').then((m) => m.StockBalancePage),
  'IV.slowMoving': () => import('./reports').then((m) => m.SlowMovingPage),
  'IV.belowSafety': () => import('./reports').then((m) => m.BelowSafetyPage),
  'record.inventoryAge': () => import('./reports').then((m) => m.InventoryAgePage),
  'record.scrap': () => import('./slices').then((m) => m.ScrapPage),
  'record.outbound': () => import('./slices').then((m) => m.OutboundPage),
};
