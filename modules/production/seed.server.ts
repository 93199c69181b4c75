import type { HookContext, Row, SeedContext } from '@mes/engine-server';
import { sql } from 'kysely';
import { loadDefaultBoms, loadTree } from './bomData.server';
import { pickNeeds } from './logic/bom';
import { issueDoc } from './workDoc.server';
import { orderAction, reportOutput } from './workOrder.server';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * Demo production data: lines, stations with shift capacity, operations, routings, BOMs of three to
 * five levels (one locked, one with a second version), a plan, and a month of work docs whose work
 * orders stand in every schedule status, with picking, output and receipts posted to stock.
 */
export async function seedProduction({ engine, tx, ctx }: SeedContext): Promise<void> {
  const c: HookContext = { ...ctx, tx, registry: engine.registry };
  const add = (entity: string, data: Row) => engine.service(entity).insert(data, ctx, tx);
  // 系统设置 > 打印格式 (the production module's own, present only with it): the work document prints with the shop's own signature lines and copy note
  await add('PrintLayout', {
    Entity_Name: 'WorkDoc',
    Footer_Text: '白联：计划  红联：车间  黄联：仓库',
    Signature_Labels: '计划员,车间主任,领料人',
  });
  const approve = async (entity: string, id: number) => {
    const svc = engine.service(entity);
    await sql`UPDATE ${sql.table(svc.def.table)} SET state = 3, approve_level = 1, approved_at = now()
      WHERE id = ${id}`.execute(tx);
    await svc.hooks.onApprove?.(c, await svc.mustGet(id, tx));
  };

  const mats = await sql<{
    id: number;
    class_code: string;
    unit_id: number | null;
  }>`SELECT m.id, mc.class_code, m.unit_id
    FROM material m JOIN material_class mc ON mc.id = m.class_id ORDER BY m.material_number`.execute(tx);
  const byClass = (code: string) => mats.rows.filter((m) => m.class_code === code).map((m) => Number(m.id));
  const fg = [...byClass('FG-VA'), ...byClass('FG-PU')];
  const mc = byClass('SF-MC');
  // machined materials: the first eight (阀体, 阀盖) are phantom kits inside the product trees, the
  // rest (泵轴, 法兰, 端盖) machined parts made from BOMs of their own, one each
  const kits = mc.slice(0, 8);
  const made = mc.slice(8);
  const stAll = byClass('SF-ST');
  // the last two stampings are made from BOMs of their own; the others sit inside the product trees
  const own = stAll.slice(-2);
  const st = stAll.slice(0, -2);
  const raw = [...byClass('RM-ST'), ...byClass('RM-AL'), ...byClass('RM-PL')];
  const std = byClass('ST');
  const pk = byClass('PK');
  if (fg.length < 6 || mc.length < 20 || st.length < 5 || raw.length < 6 || !std.length || !pk.length) return;
  const pick = (list: number[], i: number) => list[i % list.length];

  const factory = await sql<{ id: number }>`SELECT id FROM factory ORDER BY id LIMIT 1`.execute(tx);
  const shifts = await sql<{ id: number }>`SELECT id FROM work_shift ORDER BY shift_code`.execute(tx);
  const locs = await sql<{ id: number; location_code: string }>`SELECT id, location_code FROM location
    WHERE location_code IN ('WH01-A', 'WH02-A', 'WH03-A')`.execute(tx);
  const loc = (code: string) => Number(locs.rows.find((l) => l.location_code === code)?.id);
  if (!factory.rows[0] || !locs.rows.length) return;

  const lines: number[] = [];
  for (const [code, name] of [
    ['L01', '机加工线'],
    ['L02', '总装线'],
  ])
    lines.push(
      Number(
        (
          await add('ProductLine', {
            Line_Code: code,
            Line_Name: name,
            Factory_ID: Number(factory.rows[0].id),
          })
        ).Product_Line_ID,
      ),
    );
  const stations: Record<string, number> = {};
  for (const [code, name, line, rate] of [
    ['WS01', '下料工位', 0, '45'],
    ['WS02', 'CNC加工中心1', 0, '120'],
    ['WS03', 'CNC加工中心2', 0, '120'],
    ['WS04', '冲压工位', 0, '80'],
    ['WS05', '装配工位1', 1, '60'],
    ['WS06', '装配工位2', 1, '60'],
    ['WS07', '测试包装工位', 1, '50'],
  ] as const)
    stations[code] = Number(
      (
        await add('WorkStation', {
          Station_Code: code,
          Station_Name: name,
          Product_Line_ID: lines[line],
          Hour_Rate: rate,
          Capacities: shifts.rows.map((s, i) => ({
            Shift_ID: Number(s.id),
            Capacity_Minutes: i === 2 ? 420 : 450,
            Capacity_Qty: String(i === 2 ? 40 : 50),
          })),
        })
      ).Work_Station_ID,
    );
  const ops: Record<string, number> = {};
  for (const [code, name, ws, rate] of [
    ['P10', '下料', 'WS01', '40'],
    ['P20', '机加工', 'WS02', '110'],
    ['P30', '冲压', 'WS04', '75'],
    ['P40', '焊接', 'WS04', '70'],
    ['P50', '装配', 'WS05', '55'],
    ['P60', '测试', 'WS07', '50'],
    ['P70', '包装', 'WS07', '35'],
  ] as const)
    ops[code] = Number(
      (
        await add('WorkProcess', {
          Process_Code: code,
          Process_Name: name,
          Work_Station_ID: stations[ws],
          Hour_Rate: rate,
          Need_QC: code === 'P60',
        })
      ).Process_ID,
    );

  // routings: finished goods are assembled, tested and packed; machined parts are cut and machined
  const route = (code: string, name: string, material: number, steps: [string, string, string][]) =>
    add('SetProcess', {
      Route_Code: code,
      Route_Name: name,
      Material_ID: material,
      Is_Default: true,
      Batch_Qty: '20',
      Steps: steps.map(([op, std, setup], i) => ({
        Ser_NO: (i + 1) * 10,
        Process_ID: ops[op],
        Std_Minutes: std,
        Setup_Minutes: setup,
      })),
    });
  for (const [i, p] of fg.slice(0, 6).entries())
    await route(`RT-FG-${i + 1}`, `成品装配路线${i + 1}`, p, [
      ['P50', String(12 + i * 2), '20'],
      ['P60', '5', '10'],
      ['P70', '3', '0'],
    ]);
  for (const [i, p] of made.slice(0, 12).entries())
    await route(`RT-MC-${i + 1}`, `机加工路线${i + 1}`, p, [
      ['P10', '2', '15'],
      ['P20', String(8 + i), '30'],
    ]);

  // two stamped parts are made from a BOM of their own (explosion follows them across BOMs)
  for (const [i, part] of own.entries()) {
    const b = Number((await add('Bom', { Material_ID: part, Remark: '冲压件' })).Bom_ID);
    await add('BomNode', {
      Bom_ID: b,
      Parent_ID: null,
      Material_ID: pick(raw, i + 3),
      Qty: '0.8',
      Scrap_Rate: '3',
    });
  }

  // Finished goods, 3 to 5 levels by the supply rule (logic/bom.ts supplyOf): a 关键部件 kit is a
  // phantom (children in the tree, no BOM of its own: exploded through, no work doc); the machined
  // part under it (泵轴, 法兰, 端盖) is made from a BOM of its own (its own work doc, picked as one
  // part), that BOM holding a phantom stamping over raw material (and a second one for five levels).
  const boms: number[] = [];
  for (let k = 0; k < 6; k++) {
    const depth = 3 + (k % 3);
    const parts: number[] = [];
    for (let s = 0; s < 2; s++) {
      const part = made[(k * 2 + s) % made.length];
      parts.push(part);
      const pb = Number((await add('Bom', { Material_ID: part, Remark: '机加工件' })).Bom_ID);
      const node = async (parent: number | null, material: number, qty: string, extra: Row = {}) =>
        Number(
          (await add('BomNode', { Bom_ID: pb, Parent_ID: parent, Material_ID: material, Qty: qty, ...extra }))
            .ID,
        );
      if (depth === 3) await node(null, pick(raw, k + s), '0.4', { Scrap_Rate: '5' });
      else {
        const stamp = await node(null, pick(st, k + s), '2', { Scrap_Rate: '2' });
        const under = depth === 5 ? await node(stamp, pick(st, k + s + 3), '1') : stamp;
        await node(under, pick(raw, k + s), '0.5', { Scrap_Rate: '5' });
      }
      await node(null, pick(raw, k + s + 1), '1.2', { Scrap_Rate: '4', Is_Qutsourcing: s === 1 });
    }
    const b = Number((await add('Bom', { Material_ID: fg[k], Remark: `${depth} 层结构` })).Bom_ID);
    boms.push(b);
    const node = async (parent: number | null, material: number, qty: string, extra: Row = {}) =>
      Number(
        (await add('BomNode', { Bom_ID: b, Parent_ID: parent, Material_ID: material, Qty: qty, ...extra }))
          .ID,
      );
    for (let s = 0; s < 2; s++) {
      const sub = await node(null, pick(kits, k * 2 + s), '1', { Design_Remark: '关键部件' });
      await node(sub, pick(std, k + s), '4');
      await node(sub, own[s], '2'); // made from its own BOM
      await node(sub, parts[s], '1'); // made from its own BOM
    }
    await node(null, pick(std, k + 2), '8');
    await node(null, pick(pk, k), '1');
  }
  // the first product's BOM is locked through an approved lock request; the second has a version 2
  const lock = await add('BomLock', { Bom_ID: boms[0], Lock_Type: 1, Lock_Notes: '量产冻结，变更须走ECN' });
  await approve('BomLock', Number(lock.Lock_ID));
  await add('Bom', { Material_ID: fg[1], Remark: '设计变更草案 V2' });

  // stock of everything the work orders pick
  const leafIds = new Set<number>();
  const trees = await loadDefaultBoms(tx, fg.slice(0, 6));
  // (the products' and every made part's: trees holds all default BOMs the products reach)
  for (const t of trees.values())
    for (const m of pickNeeds(t, '1', (x) => trees.get(x)).keys()) leafIds.add(m);
  const receipt = await add('StockDoc', {
    Doc_Type: 1,
    Doc_Date: day(-40),
    Remark: '生产备料',
    Lines: [...leafIds].map((m) => ({
      Material_ID: m,
      Location_ID: loc('WH01-A'),
      Qty: '5000',
      Unit_Price: '5',
    })),
  });
  await approve('StockDoc', Number(receipt.Doc_ID));

  const plan = await add('ProducePlan', {
    Plan_Date: day(-20),
    Source: 1,
    Sales_Order_NO: 'SO-DEMO-001',
    Items: fg
      .slice(0, 3)
      .map((m, i) => ({ Material_ID: m, Qty: String(50 + i * 25), Due_Date: day(5 + i * 3) })),
  });
  await approve('ProducePlan', Number(plan.Plan_ID));
  await add('ProducePlan', {
    Plan_Date: day(-1),
    Source: 2,
    Items: [{ Material_ID: fg[3], Qty: '40', Due_Date: day(20) }],
  });

  // a month of work docs; the target status of each one's work orders
  const targets: number[][] = [[9], [4, 8], [4], [2, 3], [2], [1, 1], [1, 0], [0], [3], [4, 2], [8, 9], [1]];
  for (const [i, want] of targets.entries()) {
    const start = -18 + i * 3;
    const doc = await add('WorkDoc', {
      Doc_Date: day(start - 2),
      Order_Type: [1, 1, 3, 1, 5, 1, 2, 1, 6, 1, 4, 1][i],
      Material_ID: fg[i % 6],
      Qty: String(10 * want.length),
      Plan_ID: i < 3 ? Number(plan.Plan_ID) : null,
      Product_Line_ID: lines[1],
      Location_ID: loc('WH03-A'),
      Plan_Start: day(start),
      Plan_End: day(start + 4),
      Remark: `演示任务单 ${i + 1}`,
    });
    const docId = Number(doc.Work_Doc_ID);
    await approve('WorkDoc', docId);
    const orders = await issueDoc(engine, c, { Work_Doc_ID: docId, Orders: want.map(() => ({ Qty: '10' })) });
    for (const [j, target] of want.entries())
      await drive(c, engine, Number(orders[j].Work_Order_ID), target, {
        station: stations[i % 2 ? 'WS05' : 'WS06'],
        raw: loc('WH01-A'),
        // what was done is dated today at the latest, however far ahead the order was planned
        date: day(Math.min(start, 0)),
      });
  }
  // one approved doc waiting to be issued, one draft
  for (const [i, state] of [3, 1].entries()) {
    const d = await add('WorkDoc', {
      Doc_Date: day(8 + i),
      Material_ID: fg[4 + i],
      Qty: '30',
      Location_ID: loc('WH03-A'),
      Plan_Start: day(10 + i),
      Plan_End: day(14 + i),
    });
    if (state === 3) await approve('WorkDoc', Number(d.Work_Doc_ID));
  }
  await add('Equation', {
    Equation_Code: 'EQ-001',
    Equation_Name: 'PA66 加纤料配方',
    Material_ID: byClass('RM-PL')[0] ?? raw[0],
    Batch_Qty: '100',
    Items: [
      { Material_ID: raw[0], Ratio: '70' },
      { Material_ID: raw[1], Ratio: '30' },
    ],
  });
}

/** Walks a fresh work order through the state machine to `target`, picking, reporting and receiving on the way. */
async function drive(
  c: HookContext,
  engine: SeedContext['engine'],
  orderId: number,
  target: number,
  at: { station: number; raw: number; date: string },
) {
  const go = (action: Parameters<typeof orderAction>[1], extra: Row = {}) =>
    orderAction(c, action, { Work_Order_ID: orderId, ...extra });
  if (target === 0) return;
  if (target === 9) return go('Close', { Close_Reason: '客户取消订单' });
  await go('Schedule', { Work_Station_ID: at.station });
  if (target === 1) return;
  const o = await engine.service('WorkOrder').mustGet(orderId, c.tx);
  const tree = await loadTree(c.tx, Number(o.Bom_ID));
  if (tree) {
    const boms = await loadDefaultBoms(
      c.tx,
      tree.lines.map((l) => l.materialId),
    );
    const need = pickNeeds(tree, String(o.Qty), (m) => boms.get(m));
    const pickDoc = await engine.service('MaterialReceive').insert(
      {
        Work_Order_ID: orderId,
        Receive_Date: at.date,
        Items: [...need].map(([m, q]) => ({ Material_ID: m, Location_ID: at.raw, Qty: q })),
      },
      c,
      c.tx,
    );
    const svc = engine.service('MaterialReceive');
    await sql`UPDATE material_receive SET state = 3, approve_level = 1, approved_at = now() WHERE id = ${pickDoc.Receive_ID}`.execute(
      c.tx,
    );
    await svc.hooks.onApprove?.(c, await svc.mustGet(Number(pickDoc.Receive_ID), c.tx));
  }
  await go('Start');
  const steps = await sql<{
    ser_no: number;
  }>`SELECT ser_no FROM set_process_steps WHERE parent_id = ${o.Route_ID}
    ORDER BY ser_no`.execute(c.tx);
  const done = target === 2 || target === 3 ? 6 : 10;
  for (const [i, s] of steps.rows.entries()) {
    const good = target === 2 || target === 3 ? String(done - i * 2) : String(done - (i === 0 ? 1 : 1));
    await reportOutput(c, {
      Work_Order_ID: orderId,
      Step_NO: s.ser_no,
      Good_Qty: good,
      Scrap_Qty: i === 0 ? '1' : '0',
      Rework_Qty: i === 1 ? '1' : '0',
      Work_Minutes: String(60 + i * 15),
      Report_Date: at.date,
    });
  }
  if (target === 2) return;
  if (target === 3) return go('Pause');
  await go('Complete', { Posting_Date: at.date });
  if (target === 8) await go('Settle');
}
