import type { ModulePages } from '@mes/engine-web/entity';
import { equipmentModule } from '@mes/equipment';
import { equipmentPages } from '@mes/equipment/web';
import { financeModule } from '@mes/finance';
import { financePages } from '@mes/finance/web';
import { inventoryModule } from '@mes/inventory';
import { inventoryPages } from '@mes/inventory/web';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, type ModuleManifest, Registry } from '@mes/model';
import { bomLockMenu, factoryModule, productionModule } from '@mes/production';
import { productionPages } from '@mes/production/web';
import { projectsModule } from '@mes/projects';
import { projectsPages } from '@mes/projects/web';
import { purchasingModule } from '@mes/purchasing';
import { purchasingPages } from '@mes/purchasing/web';
import { salesModule } from '@mes/sales';
import { salesPages } from '@mes/sales/web';
import { sourcingModule } from '@mes/sourcing';
import { sourcingPages } from '@mes/sourcing/web';
import { systemModule } from '@mes/system';
import { systemPages } from '@mes/system/web';

/** Every module the product ships; the server and the web build their registry from this one list. */
export const MODULES: ModuleManifest[] = [
  engineModule,
  systemModule,
  masterdataModule,
  inventoryModule,
  productionModule,
  factoryModule,
  bomLockMenu,
  sourcingModule,
  equipmentModule,
  purchasingModule,
  salesModule,
  financeModule,
  projectsModule,
];
export const registry = new Registry(MODULES);

/** Bespoke pages the modules bring, by menu code (the generic list serves every other entity page). */
export const MODULE_PAGES: ModulePages = {
  ...systemPages,
  ...inventoryPages,
  ...productionPages,
  ...sourcingPages,
  ...financePages,
  ...equipmentPages,
  ...purchasingPages,
  ...salesPages,
  ...projectsPages,
};
