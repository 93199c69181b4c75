import type { RequestContext, SeedContext, Tx } from '@mes/engine-server';
import { STATE } from '@mes/model';
import { sql } from 'kysely';
import { bidEvaluationHooks } from './bidEvaluation.server';
import { saveQuote } from './portal.server';
import { closeCase, nextRound, releaseSow } from './sow.server';
import { lockSow } from './store.server';
import { createPortalAccount } from './supplierFile.server';

const DAY = 86_400_000;
const PORTAL_PASSWORD = 'supplier123';

/** The supplier-file facts of the first demo suppliers (spec part 2 §3). */
/** The three portal suppliers get names that fit the parts they quote (and the supplier1 account). */
const NAMES: Record<string, [string, string]> = {
  S0001: ['苏州恒达精密五金有限公司', '恒达精密'],
  S0002: ['宁波华达压铸有限公司', '华达压铸'],
  S0003: ['无锡精锻机械有限公司', '精锻机械'],
};

const FILES: [string, number, string, string, string, string, string][] = [
  ['S0001', 1, '冲压件、支架', 'DDP', '月结60天', '15', '苏州'],
  ['S0002', 1, '铝压铸件', 'FOB', '月结30天', '25', '宁波'],
  ['S0003', 4, '机加工、热处理', 'EXW', '月结60天', '40', '无锡'],
  ['S0004', 1, '注塑件', 'DDP', '月结90天', '20', '常州'],
  ['S0005', 5, '检测服务', 'EXW', '预付款', '35', '南京'],
];

const iso = (t: number) => new Date(t).toISOString();
const dateOf = (t: number) => iso(t).slice(0, 10);

/**
 * Demo sourcing: filled-in supplier files with documents (some about to expire), portal accounts
 * supplier1–3 (password supplier123), and SOWs in each state: draft, quoting, a second round
 * closed and ready to compare, awarded, closed.
 */
export async function seedSourcing(seed: SeedContext) {
  const { engine, tx } = seed;
  const now = Date.now();
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(tx)).rows[0];
  const buyer = await one(
    sql<{ id: number; user_name: string }>`SELECT id, user_name FROM users WHERE user_account = 'lina'`,
  );
  if (!buyer) return;
  const ctx: RequestContext = { ...seed.ctx, user: { User_ID: buyer.id, User_Name: buyer.user_name } };
  const suppliers: Record<string, number> = {};
  for (const [i, [code, type, product, delivery, payment, risk, location]] of FILES.entries()) {
    const s = await one(sql<{ id: number }>`SELECT id FROM supplier WHERE supplier_code = ${code}`);
    if (!s) return;
    suppliers[code] = s.id;
    const name = NAMES[code];
    if (name)
      await sql`UPDATE supplier SET full_name = ${name[0]}, short_name = ${name[1]} WHERE id = ${s.id}`.execute(
        tx,
      );
    await sql`UPDATE supplier SET supplier_type = ${type}, product_type = ${product}, delivery_term = ${delivery},
        payment_term = ${payment}, risk_score = ${risk}, location = ${location}, buyer_id = ${buyer.id},
        identity_id = ${`91320500MA1${String(100000 + i * 7331).slice(0, 6)}X`}, contact_method = ${`微信 ${code.toLowerCase()}-sales`},
        email = ${`sales@${code.toLowerCase()}.example.com`}, expiry_date = ${dateOf(now + (300 + i * 40) * DAY)}::date,
        inter_company = false WHERE id = ${s.id}`.execute(tx);
    // six documents each; the first suppliers have some running out soon, one already expired
    const offsets = [400, 700, 20 + i * 9, 365, i === 2 ? -5 : 500, 12 + i * 4];
    for (const [k, days] of offsets.entries())
      await sql`INSERT INTO supplier_documents (parent_id, line_no, doc_kind, doc_no, issue_date, expiry_date, remark)
        VALUES (${s.id}, ${k + 1}, ${k + 1}, ${`${code}-D${k + 1}`}, ${dateOf(now - 365 * DAY)}::date,
          ${dateOf(now + days * DAY)}::date, NULL)`.execute(tx);
  }

  // portal accounts: the system's supplier1 belongs to S0001; supplier2 and supplier3 are made from their files
  const s1 = await one(sql<{ id: number }>`SELECT id FROM users WHERE user_account = 'supplier1'`);
  if (s1)
    await sql`UPDATE supplier SET portal_user_id = ${s1.id}, use_supply_chain = true WHERE id = ${suppliers.S0001}`.execute(
      tx,
    );
  for (const [account, code] of [
    ['supplier2', 'S0002'],
    ['supplier3', 'S0003'],
  ] as const)
    await createPortalAccount(engine, tx, ctx, {
      Supplier_ID: suppliers[code],
      User_Account: account,
      Pass_Word: PORTAL_PASSWORD,
    });
  // demo accounts keep their published password (system/users.server.ts)
  await sql`UPDATE users SET must_change_pwd = false WHERE user_account IN ('supplier2', 'supplier3')`.execute(
    tx,
  );

  const materials = (
    await sql<{ id: number; material_number: string; material_name: string; unit_id: number | null }>`
      SELECT id, material_number, material_name, unit_id FROM material WHERE material_type = 2 ORDER BY id LIMIT 12`.execute(
      tx,
    )
  ).rows;
  const cny = (await one(sql<{ id: number }>`SELECT id FROM currency ORDER BY is_base DESC, id LIMIT 1`))?.id;
  const factory = (await one(sql<{ id: number }>`SELECT id FROM factory ORDER BY id LIMIT 1`))?.id ?? null;
  if (!cny || materials.length < 12) return;
  const trio = [suppliers.S0001, suppliers.S0002, suppliers.S0003];
  let m = 0;
  const makeSow = async (project: string, vehicle: string, prices: string[], invited: number[]) => {
    const parts = prices.map((target, i) => {
      const mat = materials[m++ % materials.length];
      return {
        Item_NO: i + 1,
        Part_Number: mat.material_number,
        Part_Name: mat.material_name,
        Drawing_NO: `DWG-${mat.material_number}`,
        Unit_ID: mat.unit_id,
        Assembly: `${vehicle} 总成`,
        Annual_Qty: String(6000 * (i + 1)),
        QC: 'PPAP 3 级',
        Tooling: i === 0 ? '级进模' : '单工序模',
        Target_Price: target,
        CAV: i === 0 ? 2 : 1,
        Material_ID: mat.id,
      };
    });
    const rec = await engine.service('Sow').insert(
      {
        Project_Name: project,
        Vehicle_Model: vehicle,
        Currency_ID: cny,
        Factory_ID: factory,
        Customer_LTA: '3',
        Supplier_LTA: '2',
        QS: 'IATF 16949',
        Tooling_Payment_Term: '30% 预付，70% PPAP 后',
        Customer_PO_NO: `PO-${vehicle}-2026`,
        Life_Time_Years: 5,
        Offer_Rounds: 3,
        As_Of_Date: dateOf(now),
        Parts: parts,
        Suppliers: invited.map((id) => ({ Supplier_ID: id })),
      },
      ctx,
      tx,
    );
    return rec.Sow_ID as number;
  };
  const sowAt = (id: number) => lockSow(tx, id);
  const release = async (id: number, start: number, end: number) =>
    releaseSow(
      tx,
      { Sow_ID: id, Start_Time: iso(start), End_Time: iso(end) },
      await sowAt(id),
      new Date(start),
      buyer.id,
    );
  const quoteAs = async (
    code: string,
    sowId: number,
    round: number,
    prices: string[],
    at: number,
    submit = true,
  ) => {
    const name = (await one(
      sql<{ short_name: string }>`SELECT short_name FROM supplier WHERE id = ${suppliers[code]}`,
    ))!.short_name;
    await saveQuote(
      tx,
      { id: suppliers[code], name },
      {
        Sow_ID: sowId,
        Round_NO: round,
        Submit: submit,
        LTA: '2',
        QS: 'IATF 16949',
        Project_Node: 'P3',
        Items: prices.map((p, i) => ({
          Item_NO: i + 1,
          Unit_Price: p,
          Tooling_Cost: String(60000 - i * 15000 + Number(code.slice(-1)) * 2000),
          Lead_Time_Days: 35 + i * 5,
          MOQ: '500',
        })),
      },
      new Date(at),
      ctx,
    );
  };

  // 1. a draft still being prepared
  await makeSow('EV-7 电驱壳体', 'EV-7', ['45', '12.5', '3.2'], trio);

  // 2. quoting now: one supplier submitted, one holds a draft, one has not started
  const quoting = await makeSow('H6 制动支架', 'H6', ['18.6', '7.4', '2.15'], trio);
  await release(quoting, now - DAY, now + 6 * DAY);
  await quoteAs('S0002', quoting, 1, ['18.2', '7.35', '2.1'], now - 12 * 3600_000);
  await quoteAs('S0001', quoting, 1, ['18.9', '7.2', ''].filter(Boolean), now - 6 * 3600_000, false);

  // 3. two rounds held, the second closed two days ago: ready to compare and award
  const compare = await makeSow('K3 座椅骨架', 'K3', ['32', '9.8', '1.45'], trio);
  await release(compare, now - 12 * DAY, now - 8 * DAY);
  await quoteAs('S0001', compare, 1, ['33.5', '9.9', '1.52'], now - 11 * DAY);
  await quoteAs('S0002', compare, 1, ['31.8', '10.4', '1.48'], now - 10 * DAY);
  await quoteAs('S0003', compare, 1, ['34.9', '9.6', '1.6'], now - 9 * DAY);
  await nextRound(
    tx,
    {
      Sow_ID: compare,
      Start_Time: iso(now - 6 * DAY),
      End_Time: iso(now - 2 * DAY),
      Supplier_IDs: [suppliers.S0001, suppliers.S0002],
    },
    await sowAt(compare),
    new Date(now - 7 * DAY),
    buyer.id,
  );
  await quoteAs('S0001', compare, 2, ['32.6', '9.5', '1.47'], now - 5 * DAY);
  await quoteAs('S0002', compare, 2, ['31.2', '9.95', '1.44'], now - 4 * DAY);
  await sql`UPDATE sow SET sow_status = 3 WHERE id = ${compare}`.execute(tx);
  await sql`UPDATE offer SET offer_status = 5 WHERE sow_id = ${compare} AND offer_status = 1`.execute(tx);

  // 4. awarded and approved: the suppliers know, the materials carry the price
  const awarded = await makeSow('M5 车门铰链', 'M5', ['6.8', '2.4', '0.95'], trio);
  await release(awarded, now - 30 * DAY, now - 25 * DAY);
  await quoteAs('S0001', awarded, 1, ['6.55', '2.3', '0.92'], now - 29 * DAY);
  await quoteAs('S0002', awarded, 1, ['6.7', '2.25', '0.97'], now - 28 * DAY);
  await quoteAs('S0003', awarded, 1, ['6.9', '2.5', '0.9'], now - 27 * DAY);
  await sql`UPDATE sow SET sow_status = 3 WHERE id = ${awarded}`.execute(tx);
  await award(
    tx,
    engine.registry,
    ctx,
    awarded,
    [suppliers.S0001, suppliers.S0002, suppliers.S0003],
    [suppliers.S0001, suppliers.S0002, suppliers.S0003],
  );

  // 5. a case closed without award
  const closed = await makeSow('旧款灯架改型', 'L2', ['4.2', '1.1'], trio.slice(0, 2));
  await release(closed, now - 20 * DAY, now + 2 * DAY);
  await quoteAs('S0001', closed, 1, ['4.1', '1.05'], now - 19 * DAY);
  await closeCase(
    tx,
    { Sow_ID: closed, Reason: '客户取消该车型改款' },
    await sowAt(closed),
    new Date(now - 15 * DAY),
    buyer.id,
  );

  // the buyer has long read the notices of the demo's past quotations
  await sql`UPDATE send_msg_receivers SET is_read = true, read_time = now() WHERE user_id = ${buyer.id}`.execute(
    tx,
  );

  async function award(
    tx2: Tx,
    registry: typeof engine.registry,
    c: RequestContext,
    sowId: number,
    scored: number[],
    winners: number[],
  ) {
    const bid = await engine.service('BidEvaluation').insert(
      {
        Sow_ID: sowId,
        Award_Mode: 1,
        Price_Weight: '50',
        Quality_Weight: '20',
        Delivery_Weight: '15',
        Risk_Weight: '15',
        Award_Date: dateOf(now - 20 * DAY),
        Remark: '按零件最低价并结合质量表现定标',
        Awards: winners.map((s, i) => ({ Item_NO: i + 1, Supplier_ID: s, Reason: '综合得分最高' })),
        Scores: scored.map((s, i) => ({
          Supplier_ID: s,
          Quality_Score: String(92 - i * 4),
          Delivery_Score: String(88 - i * 3),
          Risk_Score: String(85 - i * 10),
        })),
      },
      c,
      tx2,
    );
    await sql`UPDATE bid_evaluation SET state = ${STATE.APPROVED}, approve_level = 1, approved_by = ${buyer.id},
        approved_at = ${iso(now - 20 * DAY)} WHERE id = ${bid.Bid_ID}`.execute(tx2);
    const rec = await engine.service('BidEvaluation').mustGet(bid.Bid_ID as number, tx2);
    await bidEvaluationHooks.hooks.onApprove?.({ ...c, tx: tx2, registry }, rec);
  }
}
