import { masterdataModule } from '@mes/masterdata';
import { engineModule, type ModuleManifest, Registry } from '@mes/model';
import { systemModule } from '@mes/system';

/** Every module the product ships; the server and the web build their registry from this one list. */
export const MODULES: ModuleManifest[] = [engineModule, systemModule, masterdataModule];
export const registry = new Registry(MODULES);
