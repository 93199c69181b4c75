import { defineEntity, PARAM, text } from '@mes/model';

/** Ids below 1000 are reserved for parameters whose meaning is fixed (PARAM). */
export { PARAM };
export const RESERVED_PARAMETER_IDS_BELOW = 1000;

export const systemParameter = defineEntity({
  name: 'SystemParameter',
  label: { zh: '系统参数', en: 'System parameter' },
  kind: 'master',
  table: 'system_parameter',
  idStart: RESERVED_PARAMETER_IDS_BELOW,
  menu: 'setting.parameter',
  fields: {
    Parameter_Name: text({ zh: '参数名称', en: 'Parameter' }, { max: 100, required: true, bilingual: true }),
    Parameter_Value: text({ zh: '参数值', en: 'Value' }, { max: 200, required: true }),
    Notes: text({ zh: '说明', en: 'Notes' }, { max: 500, multiline: true, bilingual: true }),
  },
  display: 'Parameter_Name',
  list: { defaultSort: 'ID' },
  // the reserved parameters (ids below 1000) have a fixed meaning: changed, never deleted
  allows: { delete: (row) => Number(row.ID) >= RESERVED_PARAMETER_IDS_BELOW },
});
