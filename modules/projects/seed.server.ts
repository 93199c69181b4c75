import type { SeedContext } from '@mes/engine-server';
import { STATE } from '@mes/model';
import { sql } from 'kysely';
import { addDays } from './logic/dates';
import { phaseOfGate } from './logic/gates';
import { advanceMeeting } from './meeting.server';
import { todayText } from './store.server';

/** The demo APQP gate template: [gate, deliverable, owner role, due offset in days, evidence required]. */
const APQP: [number, string, number, number, boolean][] = [
  [0, '客户询价资料评审 (RFQ)', 1, 0, true],
  [0, '可行性分析与报价', 8, 10, true],
  [0, '定点通知书 (Nomination)', 8, 20, true],
  [1, '项目启动会纪要', 1, 30, true],
  [1, '项目计划与时间表', 1, 35, true],
  [1, '项目团队与职责', 1, 35, false],
  [2, 'DFMEA', 2, 70, true],
  [2, '产品图纸与 3D 数据', 2, 80, true],
  [2, '特殊特性清单', 4, 85, false],
  [3, '设计冻结', 2, 110, true],
  [3, '模具开发启动 (T0 计划)', 5, 115, true],
  [3, 'BOM 锁定', 2, 120, false],
  [4, '过程流程图', 3, 150, true],
  [4, 'PFMEA', 3, 160, true],
  [4, '控制计划 (试生产)', 4, 170, true],
  [5, '工装样件 (OTS) 提交', 5, 200, true],
  [5, '尺寸全检报告', 4, 205, true],
  [5, 'MSA 测量系统分析', 4, 210, false],
  [6, '生产件批准 (PPAP/PSW)', 4, 250, true],
  [6, '过程能力 (Cpk) 报告', 4, 255, true],
  [6, '节拍验证 (Run@Rate)', 3, 260, true],
  [7, 'SOP 量产启动', 1, 290, true],
  [7, '爬坡计划与产能确认', 3, 300, false],
  [8, '经验教训总结', 1, 340, true],
  [8, '移交量产团队', 1, 350, true],
];

/** Three demo programs at different gates: [name, vehicle, program, days since start, gate, customer index]. */
const PROGRAMS: [string, string, string, number, number, number][] = [
  ['新能源电驱壳体项目', 'EV-7', 'EDU-G2', 25, 1, 0],
  ['座椅骨架轻量化项目', 'SUV-9', 'SF-LW', 130, 3, 1],
  ['前端模块支架项目', 'MPV-3', 'FEM-B', 215, 5, 2],
];

/** Tasks of each program: [name, type, offset, length, predecessor index or -1, lag, milestone]. */
const TASKS: [string, number, number, number, number, number, boolean][] = [
  ['项目启动', 1, 0, 1, -1, 0, true],
  ['产品设计', 2, 1, 40, 0, 0, false],
  ['DFMEA 评审', 2, 30, 15, 1, -11, false],
  ['设计冻结', 1, 45, 1, 2, 0, true],
  ['模具设计与制造', 3, 46, 60, 3, 0, false],
  ['检具制造', 3, 60, 30, 3, 0, false],
  ['T1 试模与 OTS 样件', 4, 107, 20, 4, 0, false],
  ['PPAP 提交', 6, 130, 25, 6, 2, true],
  ['SOP', 7, 160, 1, 7, 4, true],
];

/**
 * Demo projects: the APQP template (default), and three programs — at P1, P3 and P5 — with their team,
 * tasks linked on the Gantt, deliverables done up to their gate, meetings with minutes and actions.
 */
export async function seedProjects(seed: SeedContext) {
  const { engine, tx, ctx } = seed;
  const users = Object.fromEntries(
    (
      await sql<{ user_account: string; id: number }>`SELECT user_account, id FROM users
        WHERE user_account IN ('admin', 'zhangwei', 'lina', 'wangfang', 'liuyang', 'chenjing', 'yangming')`.execute(
        tx,
      )
    ).rows.map((r) => [r.user_account, Number(r.id)]),
  );
  if (!users.admin) return;
  await engine.service('MgTemplate').insert(
    {
      Template_Code: 'APQP',
      Template_Name: 'APQP 标准阀点模板',
      Is_Default: true,
      Deliverables: APQP.map(([gate, name, role, offset, evidence]) => ({
        Gate: gate,
        Phase: phaseOfGate(gate),
        Deliverable_Name: name,
        Owner_Role: role,
        Due_Offset_Days: offset,
        Evidence_Required: evidence,
      })),
    },
    ctx,
    tx,
  );
  const customers = (await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 3`.execute(tx)).rows;
  const factory = (await sql<{ id: number }>`SELECT id FROM factory ORDER BY id LIMIT 1`.execute(tx)).rows[0];
  const today = todayText();
  const team = [
    { User_ID: users.admin, Team_Role: 1 },
    { User_ID: users.liuyang ?? users.admin, Team_Role: 2 },
    { User_ID: users.chenjing ?? users.admin, Team_Role: 3 },
    { User_ID: users.wangfang ?? users.admin, Team_Role: 4 },
    { User_ID: users.lina ?? users.admin, Team_Role: 6 },
  ];
  for (const [name, vehicle, program, ago, gate, ci] of PROGRAMS) {
    const start = addDays(today, -ago);
    const p = await engine.service('Project').insert(
      {
        Project_Name: name,
        Vehicle_Model: vehicle,
        Program_Name: program,
        Customer_ID: customers[ci]?.id ?? null,
        Factory_ID: factory?.id ?? null,
        Manager_ID: users.admin,
        Start_Date: start,
        Sop_Date: addDays(start, 290),
        End_Date: addDays(start, 350),
        Team: team,
      },
      ctx,
      tx,
    );
    const id = Number(p.Project_ID);
    // approved and taken to its gate: what the earlier gates asked for is done
    await sql`UPDATE project SET state = ${STATE.APPROVED}, approved_by = ${users.admin}, approved_at = now(),
        current_gate = ${gate}, project_phase = ${phaseOfGate(gate)} WHERE id = ${id}`.execute(tx);
    await sql`UPDATE project_deliverable SET deliverable_status = 3, rating = 1, completed_date = due_date
      WHERE project_id = ${id} AND gate < ${gate}`.execute(tx);
    await sql`UPDATE project_deliverable SET deliverable_status = 2
      WHERE project_id = ${id} AND gate = ${gate}`.execute(tx);
    for (let g = 1; g <= gate; g++)
      await sql`INSERT INTO project_log (project_id, log_type, content, content_en, created_by, updated_by)
        VALUES (${id}, 6, ${`通过阀点 P${g - 1}`}, ${`Gate P${g - 1} passed`}, ${users.admin}, ${users.admin})`.execute(
        tx,
      );
    const ids: number[] = [];
    for (const [tname, type, offset, length, pred, lag, milestone] of TASKS) {
      const s = addDays(start, offset);
      const e = addDays(s, Math.max(0, length - 1));
      const status = e < today ? 3 : s <= today ? 2 : 1;
      const made = await engine.service('Assignment').insert(
        {
          Project_ID: id,
          Task_Name: tname,
          Task_Type: type,
          Task_Status: status,
          Completion: status === 3 ? 100 : status === 2 ? 40 : undefined,
          Owner_ID: team[(ids.length % (team.length - 1)) + 1].User_ID,
          Plan_Start: s,
          Plan_End: e,
          Is_Milestone: milestone,
          Dependencies: pred >= 0 ? [{ Predecessor_ID: ids[pred], Lag_Days: lag }] : [],
        },
        ctx,
        tx,
      );
      ids.push(Number(made.Assignment_ID));
    }
    // one task running late, so that the program has something red to talk about
    if (gate >= 3)
      await sql`UPDATE assignment SET task_status = 2, completion = 60, actual_end = NULL
        WHERE id = ${ids[gate === 3 ? 2 : 5]}`.execute(tx);
    const m = await engine.service('Meeting').insert(
      {
        Project_ID: id,
        Theme: `P${gate} 项目例会`,
        Meeting_Type: 2,
        Meeting_Time: `${addDays(today, -3)}T09:30:00+08:00`,
        Location: '二楼会议室',
        Agenda: '进度回顾；风险与问题；下一阀点准备',
        Initiator_ID: users.admin,
        Participants: team.map((x) => ({ User_ID: x.User_ID })),
        Minutes: [
          { Item_Kind: 1, Content: `客户确认 ${vehicle} SOP 日期不变` },
          { Item_Kind: 2, Content: '本阀点交付物按计划推进' },
          {
            Item_Kind: 3,
            Content: '更新项目风险清单',
            Champion_ID: users.admin,
            Due_Date: addDays(today, 5),
          },
          {
            Item_Kind: 3,
            Content: '确认模具 T1 日期',
            Champion_ID: users.chenjing ?? users.admin,
            Due_Date: addDays(today, gate === 5 ? -2 : 12),
          },
        ],
      },
      ctx,
      tx,
    );
    // held and minuted: the action items are on the tracker
    for (let step = 0; step < 2; step++) await advanceMeeting(engine, tx, ctx, Number(m.Meeting_ID));
    await engine.service('Meeting').insert(
      {
        Project_ID: id,
        Theme: `P${gate + 1} 阀点评审准备会`,
        Meeting_Type: 3,
        Meeting_Time: `${addDays(today, 4)}T14:00:00+08:00`,
        Location: '一楼会议室',
        Initiator_ID: users.admin,
        Participants: team.map((x) => ({ User_ID: x.User_ID })),
      },
      ctx,
      tx,
    );
  }
}
