import { AppError, defineHooks, type SeedContext } from '@mes/engine-server';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@mes/model';
import { sql } from 'kysely';
import { PARAM, systemParameter } from './systemParameter.entity';

/** Parameters with a fixed meaning: their id, default, and the values they accept. */
export const RESERVED_PARAMETERS: {
  id: number;
  name: string;
  nameEn: string;
  value: string;
  notes: string;
  notesEn: string;
  accepts: RegExp;
}[] = [
  {
    id: PARAM.BATCH_MODE,
    name: '批次模式',
    nameEn: 'Batch mode',
    notesEn: '2 = batch management on; 1 = off',
    value: '1',
    notes: '2 = 启用批次管理；1 = 不启用',
    accepts: /^[12]$/,
  },
  {
    id: PARAM.COST_MODE,
    name: '成本模式',
    nameEn: 'Costing mode',
    notesEn: '1 = costing on; 0 = off',
    value: '0',
    notes: '1 = 启用成本核算；0 = 不启用',
    accepts: /^[01]$/,
  },
  {
    id: PARAM.AUTO_LOCK_MINUTES,
    name: '自动锁屏分钟数',
    nameEn: 'Auto-lock minutes',
    notesEn: 'Minutes without activity before the screen locks; 0 = never',
    value: '30',
    notes: '无操作多少分钟后锁屏；0 = 不自动锁屏',
    accepts: /^(0|[1-9]\d{0,3})$/,
  },
  {
    id: PARAM.ALLOW_NEGATIVE_STOCK,
    name: '允许负库存',
    nameEn: 'Allow negative stock',
    notesEn: 'Y = allowed; N = not allowed',
    value: 'N',
    notes: 'Y = 允许；N = 不允许',
    accepts: /^[YN]$/,
  },
  {
    id: PARAM.SESSION_IDLE_MINUTES,
    name: '会话空闲超时（分钟）',
    nameEn: 'Session idle timeout (minutes)',
    notesEn: 'Minutes without a request before signing in again',
    value: '120',
    notes: '无请求多少分钟后需重新登录',
    accepts: /^[1-9]\d{0,4}$/,
  },
  {
    id: PARAM.SESSION_MAX_HOURS,
    name: '会话最长有效期（小时）',
    nameEn: 'Session maximum length (hours)',
    notesEn: 'Hours after sign-in before signing in again',
    value: '24',
    notes: '登录后最长多少小时需重新登录',
    accepts: /^[1-9]\d{0,3}$/,
  },
  {
    id: PARAM.STOCK_CLOSED_UNTIL,
    name: '库存关账日期',
    nameEn: 'Stock closed until',
    notesEn:
      'yyyy-MM-dd: stock documents dated on or before it cannot be approved or unapproved; 0 = not closed',
    value: '0',
    notes: 'yyyy-MM-dd：该日及以前的库存单据不能审核或反审核；0 = 不关账',
    accepts: /^(0|\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))$/,
  },
  {
    id: PARAM.COMPANY_TIME_ZONE,
    name: '公司时区',
    nameEn: 'Company time zone',
    notesEn: 'IANA time zone name, e.g. Asia/Shanghai; every time is shown and printed in it',
    value: DEFAULT_TIME_ZONE,
    notes: 'IANA 时区名，如 Asia/Shanghai；所有时间按该时区显示和打印',
    accepts: /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/,
  },
  {
    id: PARAM.OVER_RECEIPT_TOLERANCE,
    name: '采购超收允差(%)',
    nameEn: 'Over-receipt tolerance (%)',
    notesEn: 'How far above the ordered quantity a purchase receipt may go, in percent; 0 = not at all',
    value: '0',
    notes: '采购收货可超过订货数量的百分比；0 = 不允许超收',
    accepts: /^\d{1,3}(\.\d{1,2})?$/,
  },
];

export const systemParameterHooks = defineHooks(systemParameter, {
  validate(_ctx, data, old) {
    const reserved = old && RESERVED_PARAMETERS.find((p) => p.id === old.ID);
    const value = data.Parameter_Value;
    const zoneUnknown = reserved?.id === PARAM.COMPANY_TIME_ZONE && !isTimeZone(value);
    if (reserved && typeof value === 'string' && (!reserved.accepts.test(value) || zoneUnknown))
      throw new AppError('validation', {
        field: systemParameter.fields.Parameter_Value.label,
        reason: { zh: `取值无效（${reserved.notes}）`, en: `not an allowed value (${reserved.notesEn})` },
      });
  },
});

/**
 * Every database has the reserved parameters; existing values are never overwritten, but an English
 * name or note still missing (a database from before they were bilingual) is filled in.
 */
export async function bootstrapParameters({ tx }: SeedContext) {
  for (const p of RESERVED_PARAMETERS)
    await sql`INSERT INTO system_parameter (id, parameter_name, parameter_name_en, parameter_value, notes, notes_en)
      VALUES (${p.id}, ${p.name}, ${p.nameEn}, ${p.value}, ${p.notes}, ${p.notesEn})
      ON CONFLICT (id) DO UPDATE SET
        parameter_name_en = coalesce(system_parameter.parameter_name_en, EXCLUDED.parameter_name_en),
        notes_en = coalesce(system_parameter.notes_en, EXCLUDED.notes_en)`.execute(tx);
}
