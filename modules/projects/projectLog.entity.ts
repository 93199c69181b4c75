import { defineEntity, enumOf, ref, text } from '@mes/model';
import { PM_MENU } from './menu';
import { LOG_TYPES } from './options';

/** The project log (项目日志): what changed on a program, written by the server only. */
export const projectLog = defineEntity({
  name: 'ProjectLog',
  label: { zh: '项目日志', en: 'Project log' },
  kind: 'log',
  key: 'Project_Log_ID',
  menu: PM_MENU.project,
  fields: {
    Project_ID: ref({ zh: '项目', en: 'Project' }, 'Project', 'Project_Name', { required: true }),
    Log_Type: enumOf({ zh: '日志类型', en: 'Log type' }, LOG_TYPES, { required: true }),
    Content: text({ zh: '内容', en: 'Content' }, { max: 1000, required: true, bilingual: true }),
  },
  display: 'Content',
  list: { columns: ['Project_ID', 'Log_Type', 'Content'] },
});
