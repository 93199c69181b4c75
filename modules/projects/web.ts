import type { ModulePages } from '@mes/engine-web/entity';
import { PM_MENU } from './menu';

/** The module's bespoke pages by menu code, each loaded when first opened; every other page is the generic list. */
export const projectsPages: ModulePages = {
  [PM_MENU.project]: () => import('./pages/ProjectPage').then((m) => m.ProjectPage),
  [PM_MENU.assignment]: () => import('./pages/TaskPage').then((m) => m.TaskPage),
  [PM_MENU.meeting]: () => import('./pages/MeetingPage').then((m) => m.MeetingPage),
  [PM_MENU.actionTracker]: () => import('./pages/ActionTrackerPage').then((m) => m.ActionTrackerPage),
  [PM_MENU.calendar]: () => import('./pages/CalendarPage').then((m) => m.CalendarPage),
  [PM_MENU.taskStatistics]: () => import('./pages/StatisticsPage').then((m) => m.StatisticsPage),
};
