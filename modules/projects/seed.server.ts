import type { SeedContext } from '@mes/engine-server';

/** Demo programs (filled in below). */
export async function seedProjects(_seed: SeedContext) {}
