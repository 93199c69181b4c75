import { defineEntity, text } from '@mes/model';

/** Ids below 1000 are reserved for parameters whose meaning is fixed (spec part 1 §9: 26, 28). */
export const PARAM = {
  BATCH_MODE: 26,
  COST_MODE: 28,
  AUTO_LOCK_MINUTES: 30,
  ALLOW_NEGATIVE_STOCK: 31,
  SESSION_IDLE_MINUTES: 32,
  SESSION_MAX_HOURS: 33,
} as const;

export const systemParameter = defineEntity({
  name: 'SystemParameter',
  label: { zh: '系统参数', en: 'System parameter' },
  kind: 'master',
  table: 'system_parameter',
  idStart: 1000,
  menu: 'setting.parameter',
  fields: {
    Parameter_Name: text({ zh: '参数名称', en: 'Parameter' }, { max: 100, required: true }),
    Parameter_Value: text({ zh: '参数值', en: 'Value' }, { max: 200, required: true }),
    Notes: text({ zh: '说明', en: 'Notes' }, { max: 500, multiline: true }),
  },
  display: 'Parameter_Name',
  list: { defaultSort: 'ID' },
});
