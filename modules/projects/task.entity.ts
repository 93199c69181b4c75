import { bool, date, defineEntity, enumOf, int, ref, text } from '@mes/model';
import { PM_MENU } from './menu';
import { COMPLETION, GATES, TASK_STATUS, TASK_TYPES } from './options';

/**
 * 任务 (Assignment): a project task on the Gantt. Dependencies are finish-to-start with a lag in days;
 * a cycle is refused naming the tasks (logic/schedule.ts), moving a task shifts its dependents.
 */
export const task = defineEntity({
  name: 'Assignment',
  label: { zh: '任务', en: 'Tasks' },
  kind: 'master',
  key: 'Assignment_ID',
  menu: PM_MENU.assignment,
  fields: {
    Task_NO: text({ zh: '任务编号', en: 'Task no.' }, { max: 30, unique: true, readOnly: true }),
    Project_ID: ref({ zh: '项目', en: 'Project' }, 'Project', 'Project_Name', { required: true }),
    Task_Name: text({ zh: '任务名称', en: 'Task name' }, { max: 100, required: true }),
    Task_Type: enumOf({ zh: '任务类型', en: 'Task type' }, TASK_TYPES, { required: true, default: 0 }),
    Task_Status: enumOf({ zh: '任务状态', en: 'Task status' }, TASK_STATUS, { required: true, default: 1 }),
    Completion: enumOf({ zh: '完成度', en: 'Completion' }, COMPLETION),
    Owner_ID: ref({ zh: '负责人', en: 'Owner' }, 'Users', 'User_Name'),
    Plan_Start: date({ zh: '计划开始', en: 'Planned start' }, { required: true }),
    Plan_End: date({ zh: '计划结束', en: 'Planned end' }, { required: true }),
    Actual_Start: date({ zh: '实际开始', en: 'Actual start' }),
    Actual_End: date({ zh: '实际结束', en: 'Actual end' }),
    Parent_ID: ref({ zh: '上级任务', en: 'Parent task' }, 'Assignment', 'Task_Name', { hiddenInList: true }),
    Is_Milestone: bool({ zh: '里程碑', en: 'Milestone' }),
    Gate: enumOf({ zh: '阀点', en: 'Gate' }, GATES, { hiddenInList: true }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, hiddenInList: true }),
  },
  lines: {
    Dependencies: {
      label: { zh: '前置任务', en: 'Predecessors' },
      maxRows: 50,
      fields: {
        // not required: a row left empty links nothing (task.server.ts)
        Predecessor_ID: ref({ zh: '前置任务', en: 'Predecessor' }, 'Assignment', 'Task_Name'),
        Lag_Days: int({ zh: '间隔天数', en: 'Lag (days)' }, { min: -365, max: 365 }),
      },
    },
  },
  display: 'Task_Name',
  list: {
    columns: [
      'Task_NO',
      'Project_ID',
      'Task_Name',
      'Task_Type',
      'Task_Status',
      'Completion',
      'Owner_ID',
      'Plan_Start',
      'Plan_End',
      'Actual_End',
      'Is_Milestone',
    ],
    search: ['Task_NO', 'Task_Name', 'Project_ID'],
    defaultSort: 'Plan_Start',
  },
  features: {
    tags: true,
    attachments: true,
    numbering: { field: 'Task_NO', prefix: 'TSK', period: 'year', digits: 5 },
  },
});
