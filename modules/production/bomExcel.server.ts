import {
  AppError,
  type Engine,
  type HookContext,
  notFound,
  numberCell,
  readUploadSheet,
  type SheetRow,
  safeCell,
  type Tx,
  withTx,
  writeLog,
} from '@mes/engine-server';
import { isDecimal, type Lang } from '@mes/model';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { bom } from './bom.entity';
import { assertNoCycle, assertUnlocked, deleteNodes } from './bom.server';
import { loadTree, reindex } from './bomData.server';
import { refuse } from './refuse.server';

const COLUMNS: { key: string; zh: string; en: string; width: number }[] = [
  { key: 'Level', zh: '层级', en: 'Level', width: 8 },
  { key: 'Node_Index', zh: '层级码', en: 'Node index', width: 12 },
  { key: 'Material_Number', zh: '物料编码', en: 'Material number', width: 18 },
  { key: 'Material_Name', zh: '物料名称', en: 'Material name', width: 24 },
  { key: 'Qty', zh: '用量', en: 'Qty', width: 10 },
  { key: 'Scrap_Rate', zh: '损耗率(%)', en: 'Scrap (%)', width: 10 },
  { key: 'Unit_Name', zh: '单位', en: 'Unit', width: 8 },
  { key: 'Price', zh: '单价', en: 'Price', width: 10 },
  { key: 'Design_Remark', zh: '设计备注', en: 'Design remarks', width: 20 },
  { key: 'Remark', zh: '备注', en: 'Remarks', width: 20 },
  { key: 'Is_Qutsourcing', zh: '委外', en: 'Outsourced', width: 8 },
];
const MAX_ROWS = 20000;

/** The whole tree, one row per node in tree order, the level in the first column. */
export async function exportTree(engine: Engine, bomId: number, lang: Lang) {
  const head = await sql<{
    list_no: string;
    bom_version: number;
    material_number: string;
  }>`SELECT b.list_no, b.bom_version,
      m.material_number FROM bom b JOIN material m ON m.id = b.material_id WHERE b.id = ${bomId}`.execute(
    engine.db,
  );
  if (!head.rows[0]) throw notFound();
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT n.node_index AS "Node_Index", m.material_number AS "Material_Number",
      m.material_name AS "Material_Name", n.qty AS "Qty", n.scrap_rate AS "Scrap_Rate", u.unit_name AS "Unit_Name",
      n.price AS "Price", n.design_remark AS "Design_Remark", n.remark AS "Remark", n.is_qutsourcing AS "Is_Qutsourcing"
    FROM bom_node n JOIN material m ON m.id = n.material_id LEFT JOIN unit u ON u.id = n.unit_id
    WHERE n.bom_id = ${bomId}`.execute(engine.db);
  // tree order: compare the dotted positions number by number
  const key = (s: unknown) =>
    String(s ?? '')
      .split('.')
      .map(Number);
  rows.sort((a, b) => {
    const x = key(a.Node_Index);
    const y = key(b.Node_Index);
    for (let i = 0; i < Math.max(x.length, y.length); i++)
      if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
    return 0;
  });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('BOM');
  sheet.columns = COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: c.width }));
  const yes = lang === 'zh' ? '是' : 'yes';
  // numbers as numbers; typed texts escaped where they start like a formula
  const num = (v: unknown) => (v === null || v === undefined ? null : numberCell(v));
  const txt = (v: unknown) => (v === null || v === undefined ? null : safeCell(String(v)));
  for (const r of rows)
    sheet.addRow({
      Level: String(r.Node_Index ?? '').split('.').length,
      Node_Index: r.Node_Index,
      Material_Number: txt(r.Material_Number),
      Material_Name: txt(r.Material_Name),
      Qty: num(r.Qty),
      Scrap_Rate: num(r.Scrap_Rate),
      Unit_Name: txt(r.Unit_Name),
      Price: num(r.Price),
      Design_Remark: txt(r.Design_Remark),
      Remark: txt(r.Remark),
      Is_Qutsourcing: r.Is_Qutsourcing ? yes : '',
    });
  const h = head.rows[0];
  return {
    name: `BOM_${h.material_number}_V${h.bom_version}.xlsx`,
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

/**
 * Replaces the nodes of an unlocked BOM by the rows of an export-shaped sheet: the parent of a row at
 * level L is the last row above it at level L − 1. All rows or none: any bad row refuses the file.
 */
export async function importTree(
  engine: Engine,
  req: FastifyRequest,
  bomId: number,
  hookCtx: (tx: Tx) => HookContext,
): Promise<number> {
  const sheet = await readUploadSheet(req, MAX_ROWS);
  if (!sheet.rows.some((r) => r.at > 1)) throw new AppError('import_empty');
  if (sheet.noResult.length)
    throw new AppError('import_no_result_rows', { rows: sheet.noResult.slice(0, 10).join(', ') });
  const col = new Map<string, number>();
  sheet.rows
    .find((r) => r.at === 1)
    ?.cells.forEach((text, i) => {
      const h = text.toLowerCase();
      const c = COLUMNS.find((x) => [x.key, x.zh, x.en].some((n) => n.toLowerCase() === h));
      if (c) col.set(c.key, i);
    });
  if (!col.has('Level') || !col.has('Material_Number') || !col.has('Qty'))
    throw refuse(
      bom.label,
      'Excel 需要「层级」「物料编码」「用量」三列',
      'the sheet needs the columns Level, Material number and Qty',
    );
  const rows: {
    level: number;
    number: string;
    qty: string;
    scrap: string | null;
    price: string | null;
    unit: string;
    design: string;
    remark: string;
    out: boolean;
    at: number;
  }[] = [];
  const problems: string[] = [];
  const get = (r: SheetRow, k: string) => (col.has(k) ? (r.cells[col.get(k)!] ?? '') : '');
  for (const r of sheet.rows) {
    const i = r.at;
    if (i < 2) continue;
    const level = Number(get(r, 'Level'));
    const qty = get(r, 'Qty');
    const scrap = get(r, 'Scrap_Rate');
    const price = get(r, 'Price');
    const prev = rows.at(-1)?.level ?? 0;
    if (!Number.isInteger(level) || level < 1 || level > prev + 1) problems.push(`#${i} ${get(r, 'Level')}`);
    else if (!isDecimal(qty) || Number(qty) <= 0) problems.push(`#${i} ${qty}`);
    else if ((scrap && !isDecimal(scrap)) || (price && !isDecimal(price)))
      problems.push(`#${i} ${scrap} ${price}`);
    rows.push({
      level,
      number: get(r, 'Material_Number'),
      qty,
      scrap: scrap || null,
      price: price || null,
      unit: get(r, 'Unit_Name'),
      design: get(r, 'Design_Remark').slice(0, 500),
      remark: get(r, 'Remark').slice(0, 500),
      out: ['是', 'yes', 'y', 'true', '1'].includes(get(r, 'Is_Qutsourcing').toLowerCase()),
      at: i,
    });
  }
  return withTx(engine.db, async (tx) => {
    const ctx = hookCtx(tx);
    await assertUnlocked(ctx, bomId);
    const numbers = [...new Set(rows.map((r) => r.number))];
    const { rows: mats } = await sql<{
      id: number;
      material_number: string;
      unit_id: number | null;
    }>`SELECT id,
        material_number, unit_id FROM material WHERE material_number IN (${sql.join(numbers.length ? numbers : [''])})`.execute(
      tx,
    );
    const byNumber = new Map(mats.map((m) => [m.material_number, m]));
    const { rows: units } = await sql<{
      id: number;
      unit_name: string;
    }>`SELECT id, unit_name FROM unit`.execute(tx);
    const unitBy = new Map(units.map((u) => [u.unit_name, Number(u.id)]));
    for (const r of rows) if (!byNumber.has(r.number)) problems.push(`#${r.at} ${r.number}`);
    if (problems.length)
      throw new AppError('import_unknown_value', { detail: problems.slice(0, 10).join('; ') });
    await deleteNodes(ctx, bomId, null);
    const stack: number[] = [];
    const me = ctx.user?.User_ID ?? null;
    const serAt = new Map<string, number>();
    for (const r of rows) {
      const parent = r.level === 1 ? null : stack[r.level - 2];
      const key = String(parent);
      const ser = (serAt.get(key) ?? 0) + 10;
      serAt.set(key, ser);
      const m = byNumber.get(r.number)!;
      const amount = r.price ? sql`${r.qty}::numeric * ${r.price}::numeric` : sql`NULL`;
      const ins = await sql<{
        id: number;
      }>`INSERT INTO bom_node (bom_id, parent_id, ser_no, material_id, qty, scrap_rate, unit_id,
          price, amount, design_remark, remark, is_qutsourcing, created_by, updated_by)
        VALUES (${bomId}, ${parent}, ${ser}, ${m.id}, ${r.qty}, ${r.scrap}, ${unitBy.get(r.unit) ?? m.unit_id}, ${r.price},
          ${amount}, ${r.design || null}, ${r.remark || null}, ${r.out}, ${me}, ${me}) RETURNING id`.execute(
        tx,
      );
      stack[r.level - 1] = Number(ins.rows[0].id);
      stack.length = r.level;
    }
    const tree = await loadTree(tx, bomId);
    if (tree) await assertNoCycle(ctx, tree);
    await reindex(tx, bomId);
    await writeLog(ctx, 'edit', bom.name, bomId, { Imported: rows.length });
    return rows.length;
  });
}
