import { PARAM } from '@mes/model';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Tx } from '../db/tx';

export { PARAM };

export async function paramValue(ex: Db | Tx, id: number, fallback: string): Promise<string> {
  const { rows } = await sql<{
    v: string;
  }>`SELECT parameter_value AS v FROM system_parameter WHERE id = ${id}`.execute(ex);
  return rows[0]?.v ?? fallback;
}

export async function paramNumber(ex: Db | Tx, id: number, fallback: number): Promise<number> {
  const n = Number(await paramValue(ex, id, String(fallback)));
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
