import { type HookContext, type SeedContext, SYSTEM_CONTEXT } from '@mes/engine-server';
import { STATE } from '@mes/model';
import { sql } from 'kysely';
import { generatePlansIn } from './maintain.server';
import { acceptRequest, repairStep } from './repair.server';

const DAY = 86_400_000;
const FAULTS: [string, string, string, number][] = [
  ['F-MOT', '电机过热', 'Motor overheating', 2],
  ['F-HYD', '液压泄漏', 'Hydraulic leak', 3],
  ['F-HEAT', '加热圈损坏', 'Heater band failure', 2],
  ['F-WATER', '模具漏水', 'Mould water leak', 4],
  ['F-PIN', '顶针断裂', 'Ejector pin broken', 4],
  ['F-SENS', '传感器故障', 'Sensor fault', 5],
  ['F-BELT', '皮带磨损', 'Belt wear', 1],
  ['F-PLC', 'PLC 报警', 'PLC alarm', 5],
];
const SOLUTIONS: Record<string, [string, string, string]> = {
  'F-MOT': ['电机温度报警，停机', '散热风扇积尘堵塞', '清理风扇滤网，更换轴承'],
  'F-HYD': ['液压站地面有油迹', '油管接头密封圈老化', '更换密封圈并紧固接头'],
  'F-HEAT': ['料筒加热圈不升温', '加热圈烧断', '更换加热圈并校准温控表'],
  'F-WATER': ['模具冷却水路漏水', '水嘴 O 型圈损坏', '更换 O 型圈，试压合格'],
  'F-PIN': ['产品顶白，顶针断', '顶针疲劳断裂', '更换顶针并检查顶板平行度'],
  'F-SENS': ['安全门信号时有时无', '接近开关松动', '紧固并更换接近开关'],
  'F-BELT': ['主轴异响，转速不稳', '三角皮带磨损打滑', '更换皮带并调整张紧'],
  'F-PLC': ['触摸屏报通讯错误', 'PLC 通讯模块接触不良', '重新插拔模块，紧固端子'],
};

/**
 * A plant's year of equipment work: 20 machines and 12 moulds with their status timelines, spare
 * parts bills, rules and plans, a year of repairs walked through the real repair steps (parts
 * posted from stock), spot checks (one out of its limits, which opens a request) and patrols.
 */
export async function seedEquipment({ engine, tx }: SeedContext): Promise<void> {
  const admin = (
    await sql<{ id: number; user_name: string }>`SELECT id, user_name FROM users
    WHERE user_account = 'admin'`.execute(tx)
  ).rows[0];
  if (!admin) return;
  const ctx = { ...SYSTEM_CONTEXT, user: { User_ID: Number(admin.id), User_Name: admin.user_name } };
  const hc: HookContext = { ...ctx, tx, registry: engine.registry };
  const add = async (entity: string, data: Record<string, unknown>) =>
    engine.service(entity).insert(data, ctx, tx);
  const ids = async (q: ReturnType<typeof sql<{ id: number }>>) =>
    (await q.execute(tx)).rows.map((r) => Number(r.id));
  const groups = await ids(sql<{ id: number }>`SELECT id FROM machine_group ORDER BY group_code`);
  const stations = await ids(sql<{ id: number }>`SELECT id FROM work_station ORDER BY station_code`);
  const spares = await ids(
    sql<{ id: number }>`SELECT id FROM material WHERE material_type = 8 ORDER BY material_number LIMIT 12`,
  );
  const spareLoc = (
    await sql<{ id: number }>`SELECT l.id FROM location l JOIN em_storage s ON s.warehouse_id = l.warehouse_id
      WHERE s.storage_code = 'EM01' ORDER BY l.id LIMIT 1`.execute(tx)
  ).rows[0]?.id;
  const storage =
    (await ids(sql<{ id: number }>`SELECT id FROM em_storage WHERE storage_code = 'EM01'`))[0] ?? null;
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();

  const faults: Record<string, number> = {};
  for (const [code, zh, en, cls] of FAULTS)
    faults[code] = Number(
      (await add('FaultType', { Fault_Code: code, Fault_Name: zh, Fault_Name_En: en, Fault_Class: cls }))
        .Fault_Type_ID,
    );

  // machines: lathes, presses, assembly stations, compressors; then moulds counting shots
  const machines: { id: number; kind: 'lathe' | 'press' | 'asm' | 'air' | 'mould' }[] = [];
  const kinds = [
    ['CNC', '数控车床', 'CK6150', 'lathe', 0, 8],
    ['PRS', '冲床', 'JH21-160', 'press', 1, 6],
    ['ASM', '装配工作台', 'ZP-2000', 'asm', 2, 4],
    ['AIR', '空压机', 'GA37', 'air', -1, 2],
  ] as const;
  for (const [code, name, model, kind, g, n] of kinds)
    for (let i = 1; i <= n; i++) {
      const r = await add('Machine', {
        Machine_Code: `EQ-${code}-${String(i).padStart(2, '0')}`,
        Machine_Name: `${name} ${i}#`,
        Machine_Type: 1,
        Machine_Model: model,
        Maker: kind === 'air' ? 'Atlas Copco' : '沈阳机床',
        Serial_NO: `SN${2019 + (i % 5)}${String(i * 37).padStart(4, '0')}`,
        Machine_Group_ID: g >= 0 ? (groups[g] ?? null) : null,
        Work_Station_ID: g >= 0 ? (stations[(g * 3 + i) % Math.max(1, stations.length)] ?? null) : null,
        Is_Key: kind === 'press' || kind === 'air',
        Purchase_Date: `${2019 + (i % 5)}-0${1 + (i % 9)}-15`,
        Purchase_Value: kind === 'press' ? '380000' : kind === 'lathe' ? '260000' : '85000',
        Run_Hours: String(4000 + i * 613),
      });
      machines.push({ id: Number(r.Machine_ID), kind });
    }
  for (let i = 1; i <= 12; i++) {
    const r = await add('Machine', {
      Machine_Code: `MD-${String(i).padStart(3, '0')}`,
      Machine_Name: `${['端盖', '支架', '外壳', '卡扣'][i % 4]}模具 ${i}#`,
      Machine_Type: 2,
      Machine_Model: `${[1, 2, 4, 8][i % 4]} 穴`,
      Cavities: [1, 2, 4, 8][i % 4],
      Shot_Count: String(12_000 + i * 9_137),
    });
    machines.push({ id: Number(r.Machine_ID), kind: 'mould' });
  }
  // the register's first status record dates from a year ago; a few machines changed since
  await sql`UPDATE em_status_record SET start_time = now() - interval '365 days'`.execute(tx);
  const change = async (m: number, status: number, daysAgo: number, reason: string) =>
    add('MachineStatusRecord', {
      Machine_ID: m,
      Machine_Status: status,
      Start_Time: iso(now - daysAgo * DAY),
      Reason: reason,
    });
  await change(machines[5].id, 4, 120, '主轴精度超差，停用待大修');
  await change(machines[5].id, 2, 60, '大修完成，恢复使用');
  await change(machines[13].id, 5, 90, '订单减少，封存');
  await change(machines[19].id, 3, 45, '租给协作厂');
  await change(machines[31].id, 6, 30, '模具型腔磨损报废');

  // spare parts on hand (some critical ones below their minimum, for the warning list)
  if (spareLoc && spares.length) {
    const lines = spares.map((m, i) => ({
      Material_ID: m,
      Location_ID: spareLoc,
      Qty: String(i % 4 === 0 ? 1 : 20),
      Unit_Price: '35',
    }));
    const doc = await add('StockDoc', {
      Doc_Type: 1,
      Doc_Date: iso(now - 200 * DAY).slice(0, 10),
      Remark: '备件入库',
      Lines: lines,
    });
    await sql`UPDATE stock_doc SET state = ${STATE.APPROVED}, approve_level = 1, approved_at = now()
      WHERE id = ${Number(doc.Doc_ID)}`.execute(tx);
    const svc = engine.service('StockDoc');
    await svc.hooks.onApprove?.(hc, await svc.mustGet(Number(doc.Doc_ID), tx));
    for (const [i, m] of machines.filter((x) => x.kind !== 'mould').entries())
      for (const k of [0, 1])
        await add('AccessoriesBill', {
          Machine_ID: m.id,
          Material_ID: spares[(i * 2 + k) % spares.length],
          Qty: String(1 + k),
          Is_Critical: k === 0,
          Min_Stock: k === 0 ? '2' : null,
          Storage_ID: storage,
        });
  }

  // rules: calendar ones per group, a counter one for moulds and run hours for compressors
  const ruleOf = (code: string, name: string, o: Record<string, unknown>, items: string[]) =>
    add('MaintainRule', {
      Rule_Code: code,
      Rule_Name: name,
      Start_Date: iso(now - 330 * DAY).slice(0, 10),
      Lead_Days: 14,
      Assignee_ID: admin.id,
      Items: items.map((x) => ({ Item_Name: x, Minutes: 15 })),
      ...o,
    });
  await ruleOf(
    'PM-CNC-M',
    '数控车床月度保养',
    { Machine_Group_ID: groups[0] ?? null, Cycle_Kind: 3, Cycle_Value: 1 },
    ['清洁导轨', '检查润滑', '检查皮带张紧'],
  );
  await ruleOf(
    'PM-PRS-W',
    '冲床周保养',
    { Machine_Group_ID: groups[1] ?? null, Cycle_Kind: 2, Cycle_Value: 1, Takes_Offline: true },
    ['检查离合器', '紧固螺栓'],
  );
  await ruleOf(
    'PM-ASM-Q',
    '装配线季度保养',
    { Machine_Group_ID: groups[2] ?? null, Cycle_Kind: 3, Cycle_Value: 3, Count_From: 2 },
    ['检查气动元件'],
  );
  for (const m of machines.filter((x) => x.kind === 'mould').slice(0, 6))
    await ruleOf(
      `PM-MD-${m.id}`,
      '模具 2 万模保养',
      { Machine_ID: m.id, Cycle_Kind: 5, Cycle_Value: 20000, Tolerance: '1500' },
      ['清洁分型面', '检查顶针', '冷却水路试压'],
    );
  for (const m of machines.filter((x) => x.kind === 'air'))
    await ruleOf(
      `PM-AIR-${m.id}`,
      '空压机 2000 小时保养',
      { Machine_ID: m.id, Cycle_Kind: 4, Cycle_Value: 2000, Tolerance: '100', Count_From: 2 },
      ['更换油滤', '更换空滤'],
    );

  // a year of maintenance records on the lathes, then the plans the job would have made by now
  for (const m of machines.filter((x) => x.kind === 'lathe'))
    for (let month = 11; month >= 1; month--)
      await add('MaintainRecord', {
        Machine_ID: m.id,
        Done_Date: iso(now - month * 30 * DAY).slice(0, 10),
        Hours: '1.5',
        Result: '按规则完成',
        Items: ['清洁导轨', '检查润滑', '检查皮带张紧'].map((x) => ({ Item_Name: x, Item_Result: 1 })),
      });
  await generatePlansIn(tx, new Date(now));

  // repairs over the year, through the real steps; the last ones stay open at various stages
  const codes = Object.keys(SOLUTIONS);
  const machinesUp = machines
    .filter((x) => x.kind !== 'mould')
    .concat(machines.filter((x) => x.kind === 'mould').slice(0, 6));
  for (let i = 0; i < 28; i++) {
    const m = machinesUp[(i * 7) % machinesUp.length];
    const code = m.kind === 'mould' ? codes[3 + (i % 2)] : codes[(i * 3) % codes.length];
    const [symptom, cause, solution] = SOLUTIONS[code];
    const at = now - (350 - i * 12.5) * DAY;
    const req = await add('RepairRequest', {
      Machine_ID: m.id,
      Symptom: symptom,
      Urgency: 1 + (i % 3),
      Request_Time: iso(at),
    });
    const requestId = Number(req.Request_ID);
    if (i === 27) continue; // reported only
    const repairId = await acceptRequest(engine, hc, requestId, Number(admin.id));
    await repairStep(engine, hc, 'Start', repairId);
    if (i === 26) continue; // being repaired
    const hours = 1 + (i % 5) * 1.5;
    await engine.service('MachineRepair').modify(
      {
        Repair_ID: repairId,
        Version: Number((await engine.service('MachineRepair').mustGet(repairId, tx)).Version),
        Fault_Type_ID: faults[code],
        Cause: cause,
        Solution: solution,
        Down_Start: iso(at),
        Down_End: iso(at + hours * 3_600_000),
        Labour: [{ User_ID: admin.id, Hours: String(hours) }],
        Parts:
          i % 3 === 0 && spareLoc && spares.length > 2
            ? [{ Material_ID: spares[1 + (i % 2)], Location_ID: spareLoc, Qty: '1' }]
            : [],
      },
      ctx,
      tx,
    );
    await repairStep(engine, hc, 'Finish', repairId);
    if (i === 25) continue; // waiting for the requester's acceptance
    await repairStep(engine, hc, 'Confirm', repairId);
    await sql`UPDATE em_repair SET accepted_at = down_end + interval '2 hours' WHERE id = ${repairId}`.execute(
      tx,
    );
  }
  await add('RepairExperience', {
    Title: '冲床离合器打滑的处理',
    Machine_Type: 1,
    Machine_Group_ID: groups[1] ?? null,
    Symptom: '冲压时滑块下行无力，离合器打滑',
    Cause: '摩擦片磨损、气压不足',
    Solution: '检查气源压力不低于 0.5 MPa，磨损超过 2 mm 的摩擦片成套更换',
  });

  // spot checks: items, plans for the presses, two weeks of records; one out-of-limit value opens a request
  const item = async (code: string, name: string, o: Record<string, unknown>) =>
    Number((await add('PortalItem', { Item_Code: code, Item_Name: name, ...o })).Portal_Item_ID);
  const oil = await item('PT-OIL-T', '液压油温', {
    Value_Kind: 1,
    Lower_Limit: '30',
    Upper_Limit: '55',
    Unit_Name: '℃',
    Fault_Type_ID: faults['F-HYD'],
    Method: '读油温表',
  });
  const air = await item('PT-AIR-P', '气源压力', {
    Value_Kind: 1,
    Lower_Limit: '0.5',
    Upper_Limit: '0.8',
    Unit_Name: 'MPa',
    Method: '读压力表',
  });
  const noise = await item('PT-NOISE', '异响', {
    Value_Kind: 2,
    Standard: '无异常声音',
    Fault_Type_ID: faults['F-MOT'],
  });
  const presses = machines.filter((x) => x.kind === 'press');
  for (const m of presses)
    await add('PortalPlan', {
      Plan_Name: `冲床日常点检 ${m.id}`,
      Machine_ID: m.id,
      Checker_ID: admin.id,
      Items: [oil, air, noise].map((x) => ({ Portal_Item_ID: x })),
    });
  for (let d = 14; d >= 1; d--)
    for (const [k, m] of presses.slice(0, 3).entries())
      await add('PortalRecord', {
        Machine_ID: m.id,
        Check_Time: iso(now - d * DAY),
        Items: [
          { Portal_Item_ID: oil, Value: d === 2 && k === 0 ? '61.5' : String(40 + ((d + k) % 8)) },
          { Portal_Item_ID: air, Value: '0.6' },
          { Portal_Item_ID: noise, Item_Result: 1 },
        ],
      });
  for (const [i, area] of ['冲压车间', '机加工车间', '装配车间', '空压站'].entries())
    await add('PatrolRecord', {
      Area: area,
      Patrol_Time: iso(now - (i * 7 + 3) * DAY),
      Patroller_ID: admin.id,
      Summary: '例行巡检',
      Findings: [
        {
          Machine_ID: machines[i * 5].id,
          Finding: i === 1 ? '防护罩螺丝松动' : '地面清洁，无异常',
          Open_Request: 1,
        },
      ],
    });
}
