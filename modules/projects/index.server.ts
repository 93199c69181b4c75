import type { ServerModule } from '@mes/engine-server';
import { actionHooks, actionRoutes } from './action.server';
import { calendarRoutes } from './calendar.server';
import { deliverableHooks } from './deliverable.server';
import { projectsModule } from './index';
import { meetingHooks, meetingRoutes } from './meeting.server';
import './messages.server';
import { overviewRoutes } from './overview.server';
import { projectHooks, projectRoutes } from './project.server';
import { seedProjects } from './seed.server';
import { statisticsRoutes } from './statistics.server';
import { taskHooks, taskRoutes } from './task.server';

/** The server part: hooks, routes and demo data of the projects module. */
export const projectsServer: ServerModule = {
  manifest: projectsModule,
  hooks: [projectHooks, deliverableHooks, taskHooks, meetingHooks, actionHooks],
  seed: seedProjects,
  routes: (app, engine) => {
    projectRoutes(app, engine);
    overviewRoutes(app, engine);
    taskRoutes(app, engine);
    statisticsRoutes(app, engine);
    meetingRoutes(app, engine);
    actionRoutes(app, engine);
    calendarRoutes(app, engine);
  },
};
