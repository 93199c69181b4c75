import { bool, defineEntity, enumOf, int, text } from '@mes/model';
import { PM_MENU } from './menu';
import { GATES, PHASES, TEAM_ROLES } from './options';

/** MG 设置: a gate template — per gate P0…P8 its deliverables; a project copies one at creation. */
export const mgTemplate = defineEntity({
  name: 'MgTemplate',
  label: { zh: 'MG 设置', en: 'MG setting' },
  kind: 'master',
  key: 'Mg_Template_ID',
  menu: PM_MENU.mgSetting,
  fields: {
    Template_Code: text({ zh: '模板编码', en: 'Template code' }, { max: 30, required: true, unique: true }),
    Template_Name: text({ zh: '模板名称', en: 'Template name' }, { max: 100, required: true }),
    Is_Default: bool({ zh: '默认模板', en: 'Default template' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200, hiddenInList: true }),
  },
  lines: {
    Deliverables: {
      label: { zh: '交付物', en: 'Deliverables' },
      maxRows: 300,
      fields: {
        Gate: enumOf({ zh: '阀点', en: 'Gate' }, GATES, { required: true }),
        Phase: enumOf({ zh: '项目阶段', en: 'Phase' }, PHASES, { required: true }),
        Deliverable_Name: text({ zh: '交付物', en: 'Deliverable' }, { max: 100, required: true }),
        Owner_Role: enumOf({ zh: '负责角色', en: 'Owner role' }, TEAM_ROLES, { required: true }),
        Due_Offset_Days: int(
          { zh: '完成期限（项目开始后天数）', en: 'Due (days after project start)' },
          { min: 0, max: 3650, required: true },
        ),
        Evidence_Required: bool({ zh: '需要证据文件', en: 'Evidence required' }),
      },
    },
  },
  display: 'Template_Name',
  list: { columns: ['Template_Code', 'Template_Name', 'Is_Default'], defaultSort: 'Template_Code' },
});
