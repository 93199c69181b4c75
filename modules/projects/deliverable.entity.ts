import { bool, date, defineEntity, enumOf, ref, text } from '@mes/model';
import { PM_MENU } from './menu';
import { DELIVERABLE_STATUS, GATES, PHASES, RYG, TEAM_ROLES } from './options';

/**
 * A deliverable of a project's gate, copied from its gate template; the MG 任务 list is all of them.
 * Rating (RYG) is derived on save and on read (logic/rating.ts); evidence files are its attachments.
 */
export const deliverable = defineEntity({
  name: 'ProjectDeliverable',
  label: { zh: 'MG 任务', en: 'MG tasks' },
  kind: 'master',
  key: 'Deliverable_ID',
  menu: PM_MENU.mgTask,
  fields: {
    Project_ID: ref({ zh: '项目', en: 'Project' }, 'Project', 'Project_Name', { required: true }),
    Gate: enumOf({ zh: '阀点', en: 'Gate' }, GATES, { required: true }),
    Phase: enumOf({ zh: '项目阶段', en: 'Phase' }, PHASES),
    Deliverable_Name: text({ zh: '交付物', en: 'Deliverable' }, { max: 100, required: true }),
    Owner_Role: enumOf({ zh: '负责角色', en: 'Owner role' }, TEAM_ROLES),
    Owner_ID: ref({ zh: '负责人', en: 'Owner' }, 'Users', 'User_Name'),
    Due_Date: date({ zh: '完成期限', en: 'Due date' }),
    Evidence_Required: bool({ zh: '需要证据文件', en: 'Evidence required' }),
    Deliverable_Status: enumOf({ zh: '状态', en: 'Status' }, DELIVERABLE_STATUS, { default: 1 }),
    Completed_Date: date({ zh: '完成日期', en: 'Completed on' }, { readOnly: true }),
    Rating: enumOf({ zh: '红黄绿', en: 'RYG' }, RYG, { readOnly: true, default: 1 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, hiddenInList: true }),
  },
  display: 'Deliverable_Name',
  list: {
    columns: [
      'Project_ID',
      'Gate',
      'Deliverable_Name',
      'Owner_Role',
      'Owner_ID',
      'Due_Date',
      'Deliverable_Status',
      'Rating',
      'Completed_Date',
    ],
    search: ['Deliverable_Name', 'Project_ID'],
    defaultSort: 'Due_Date',
  },
  features: { attachments: true, tags: true },
});
