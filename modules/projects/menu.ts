/** Menu codes of the PM pages (modules/system/catalogue.ts lists the same; MG 设置 is added here). */
export const PM_MENU = {
  project: 'PM.project',
  assignment: 'PM.assignment',
  meeting: 'PM.meeting',
  actionTracker: 'PM.actionTracker',
  mgTask: 'PM.mgTask',
  calendar: 'PM.calendar',
  taskStatistics: 'PM.taskStatistics',
  mgSetting: 'PM.mgSetting',
} as const;
