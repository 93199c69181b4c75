import type { SeedContext } from '@mes/engine-server';

/** Demo data of the equipment module (filled in below). */
export async function seedEquipment(_s: SeedContext): Promise<void> {}
