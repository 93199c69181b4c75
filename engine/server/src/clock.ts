import { PARAM, timeZoneOr } from '@mes/model';
import { sql } from 'kysely';
import type { Db } from './db';
import type { Tx } from './db/tx';

/**
 * The company's time zone (system parameter 公司时区), in which every time is shown: messages,
 * prints, Excel exports. An unset or unknown value is Asia/Shanghai (engine/model time.ts).
 */
export async function companyTimeZone(ex: Db | Tx): Promise<string> {
  const { rows } = await sql<{ v: string | null }>`SELECT parameter_value AS v FROM system_parameter
    WHERE id = ${PARAM.COMPANY_TIME_ZONE}`.execute(ex);
  return timeZoneOr(rows[0]?.v?.trim());
}
