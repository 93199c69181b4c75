import { defineModule, type MenuPage } from '@mes/model';
import { actionTracker } from './action.entity';
import { deliverable } from './deliverable.entity';
import { meeting } from './meeting.entity';
import { PM_MENU } from './menu';
import { mgTemplate } from './mgTemplate.entity';
import { project } from './project.entity';
import { projectLog } from './projectLog.entity';
import { task } from './task.entity';

const page = (code: string, zh: string, en: string, path: string, entity?: string): MenuPage => ({
  code,
  label: { zh, en },
  path,
  entity,
});

/**
 * Projects (项目管理): customer programs with gates P0…P8 and their deliverables, tasks on a Gantt,
 * meetings feeding the action tracker, MG tasks, calendar and task statistics. The BOM lock pages of
 * the same menu live in modules/production (bomLockMenu).
 */
export const projectsModule = defineModule({
  code: 'PM',
  label: { zh: '项目管理', en: 'Projects' },
  icon: 'project',
  order: 12,
  entities: [mgTemplate, project, deliverable, projectLog, task, meeting, actionTracker],
  menu: [
    {
      code: 'PM.list',
      label: { zh: '项目', en: 'Projects' },
      pages: [
        page(PM_MENU.project, '项目管理', 'Project management', '/PM/list/Project', project.name),
        page(PM_MENU.assignment, '任务', 'Tasks', '/PM/list/Assignment', task.name),
        page(PM_MENU.meeting, '会议', 'Meetings', '/PM/list/Meeting', meeting.name),
        page(
          PM_MENU.actionTracker,
          '行动跟踪',
          'Action tracker',
          '/PM/list/ActionTracker',
          actionTracker.name,
        ),
        page(PM_MENU.mgTask, 'MG 任务', 'MG tasks', '/PM/list/MGTask', deliverable.name),
        page(PM_MENU.calendar, '日历', 'Calendar', '/PM/list/Calendar'),
        page(PM_MENU.taskStatistics, '任务统计', 'Task statistics', '/PM/list/TaskStatistics'),
        page(PM_MENU.mgSetting, 'MG 设置', 'MG setting', '/PM/list/MGSetting', mgTemplate.name),
      ],
    },
  ],
});

export * from './action.entity';
export * from './deliverable.entity';
export * from './meeting.entity';
export * from './menu';
export * from './mgTemplate.entity';
export * from './options';
export * from './project.entity';
export * from './projectLog.entity';
export * from './task.entity';
