import { date, defineEntity, enumOf, ref, text } from '@mes/model';
import { PM_MENU } from './menu';
import { CLOSURE_TYPES, GATES, PHASES, TEAM_ROLES } from './options';

/**
 * A customer program. Status 1/2/3 is the document State of the engine's approval flow; closing it
 * (/Project/Close) sets State 9 and Closure_Type 4 abnormal or 9 normal, with its reason.
 */
export const project = defineEntity({
  name: 'Project',
  label: { zh: '项目管理', en: 'Projects' },
  kind: 'document',
  key: 'Project_ID',
  menu: PM_MENU.project,
  fields: {
    Project_NO: text({ zh: '项目编号', en: 'Project no.' }, { max: 30, unique: true, readOnly: true }),
    Project_Name: text({ zh: '项目名称', en: 'Project name' }, { max: 100, required: true }),
    Customer_ID: ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name'),
    Vehicle_Model: text({ zh: '车型', en: 'Vehicle model' }, { max: 60 }),
    Program_Name: text({ zh: '项目代号', en: 'Program' }, { max: 60 }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Manager_ID: ref({ zh: '项目经理', en: 'Program manager' }, 'Users', 'User_Name'),
    Sow_ID: ref({ zh: '来源 SOW', en: 'From SOW' }, 'Sow', 'Sow_NO', { hiddenInList: true }),
    Template_ID: ref({ zh: '阀点模板', en: 'Gate template' }, 'MgTemplate', 'Template_Name', {
      hiddenInList: true,
    }),
    Start_Date: date({ zh: '开始日期', en: 'Start date' }, { required: true }),
    Sop_Date: date({ zh: 'SOP 日期', en: 'SOP date' }),
    End_Date: date({ zh: '结束日期', en: 'End date' }),
    Current_Gate: enumOf({ zh: '当前阀点', en: 'Current gate' }, GATES, { readOnly: true, default: 0 }),
    Project_Phase: enumOf({ zh: '项目阶段', en: 'Project phase' }, PHASES, { readOnly: true, default: 1 }),
    Closure_Type: enumOf({ zh: '关闭类型', en: 'Closure' }, CLOSURE_TYPES, { readOnly: true }),
    Closure_Reason: text(
      { zh: '关闭原因', en: 'Closure reason' },
      { max: 500, readOnly: true, hiddenInList: true },
    ),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Team: {
      label: { zh: '项目团队', en: 'Team' },
      maxRows: 100,
      fields: {
        User_ID: ref({ zh: '成员', en: 'Member' }, 'Users', 'User_Name', { required: true }),
        Team_Role: enumOf({ zh: '角色', en: 'Role' }, TEAM_ROLES, { required: true }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 100 }),
      },
    },
  },
  display: 'Project_Name',
  list: {
    columns: [
      'Project_NO',
      'Project_Name',
      'Customer_ID',
      'Vehicle_Model',
      'Program_Name',
      'Factory_ID',
      'Manager_ID',
      'Start_Date',
      'Sop_Date',
      'Current_Gate',
      'Closure_Type',
    ],
    search: ['Project_NO', 'Project_Name', 'Vehicle_Model', 'Program_Name'],
  },
  features: {
    tags: true,
    attachments: true,
    customFields: true,
    approval: true,
    print: true,
    numbering: { field: 'Project_NO', prefix: 'PRJ', period: 'year', digits: 4 },
  },
});
