import type { TestServer } from '@mes/app-server/testing';

/** Builders for the projects tests: a gate template, a project, tasks. */
export async function makeTemplate(t: TestServer, code = 'APQP-T') {
  const r = await t.call<{ Mg_Template_ID: number }>('POST', '/MgTemplate', {
    Template_Code: code,
    Template_Name: `${code} 模板`,
    Is_Default: true,
    Deliverables: [
      {
        Gate: 0,
        Phase: 1,
        Deliverable_Name: '报价评审',
        Owner_Role: 1,
        Due_Offset_Days: 0,
        Evidence_Required: false,
      },
      {
        Gate: 1,
        Phase: 1,
        Deliverable_Name: '项目计划',
        Owner_Role: 1,
        Due_Offset_Days: 20,
        Evidence_Required: true,
      },
      {
        Gate: 2,
        Phase: 2,
        Deliverable_Name: 'DFMEA',
        Owner_Role: 2,
        Due_Offset_Days: 60,
        Evidence_Required: true,
      },
    ],
  });
  if (r.body.Code !== 0) throw new Error(r.body.Message);
  return r.body.Data.Mg_Template_ID;
}

export async function makeProject(t: TestServer, extra: object = {}, headers?: Record<string, string>) {
  const r = await t.call<{ Project_ID: number; Project_NO: string; Version: number; State: number }>(
    'POST',
    '/Project',
    { Project_Name: '电驱壳体项目', Vehicle_Model: 'EV-7', Start_Date: '2026-01-05', ...extra },
    headers,
  );
  if (r.body.Code !== 0) throw new Error(r.body.Message);
  return r.body.Data;
}

export async function makeTask(
  t: TestServer,
  projectId: number,
  name: string,
  start: string,
  end: string,
  extra: object = {},
) {
  const r = await t.call<{ Assignment_ID: number; Version: number }>('POST', '/Assignment', {
    Project_ID: projectId,
    Task_Name: name,
    Task_Type: 2,
    Task_Status: 1,
    Plan_Start: start,
    Plan_End: end,
    ...extra,
  });
  return r;
}
