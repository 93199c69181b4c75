import type { ModulePages } from '@mes/engine-web/entity';

/** The module's bespoke pages by menu code, each loaded when first opened; every other page is the generic list. */
export const projectsPages: ModulePages = {};
