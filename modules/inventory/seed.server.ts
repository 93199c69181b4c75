import type { HookContext, SeedContext } from '@mes/engine-server';
import { addDecimal, compareDecimal, mulDecimal, STATE } from '@mes/model';
import { sql } from 'kysely';
import { isoDay } from './logic/dates';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { stockDocHooks } from './stockDoc.server';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Line {
  Material_ID: number;
  Location_ID: number;
  Qty: string;
  Unit_Price?: string;
  To_Location_ID?: number;
}

/**
 * A year of stock history on the demo materials: purchases into the raw-material store every two
 * weeks, issues to production, finished goods received monthly, transfers, scrap and a stocktake.
 * Documents go through the same posting as in use; the last weeks stay drafts to be approved.
 */
export async function seedInventory({ engine, tx, ctx }: SeedContext): Promise<void> {
  const rand = rng(20261122);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const mats = (
    await sql<{ id: number; type: number; price: string | null }>`SELECT id, material_type AS type,
      historical_price AS price FROM material WHERE NOT disabled ORDER BY id`.execute(tx)
  ).rows;
  const locs = (
    await sql<{ id: number; code: string }>`SELECT l.id, w.warehouse_code AS code FROM location l
      JOIN warehouse w ON w.id = l.warehouse_id WHERE l.parent_id IS NOT NULL ORDER BY l.id`.execute(tx)
  ).rows;
  const store = (code: string) => locs.filter((l) => l.code === code).map((l) => l.id);
  const [raw, semi, finished] = [store('WH01'), store('WH02'), store('WH03')];
  if (!mats.length || !raw.length) return;
  const bought = mats.filter((m) => m.type === 1 || m.type === 4 || m.type === 5);
  const made = mats.filter((m) => m.type === 3);
  const halfMade = mats.filter((m) => m.type === 2);

  // what the seed has put where, so that issues never ask for more than is there
  const onHand = new Map<string, string>();
  const key = (l: Line) => `${l.Material_ID}|${l.Location_ID}`;
  const take = (material: number, location: number, want: number): string | null => {
    const have = onHand.get(`${material}|${location}`) ?? '0';
    if (compareDecimal(have, '1') < 0) return null;
    const q = String(Math.max(1, Math.min(want, Math.floor(Number(have) / 2))));
    return q;
  };
  const hc: HookContext = { ...ctx, tx, registry: engine.registry };
  const svc = engine.service('StockDoc');
  const today = new Date();
  // a stock movement is never dated after today, whatever the month's rhythm asks for
  const dayOffset = (days: number) => isoDay(new Date(today.getTime() - Math.max(0, days) * 86_400_000));

  const doc = async (type: number, daysAgo: number, lines: Line[], remark: string, approve = true) => {
    if (!lines.length) return;
    const rec = await svc.insert(
      { Doc_Type: type, Doc_Date: dayOffset(daysAgo), Remark: remark, Lines: lines },
      ctx,
      tx,
    );
    if (!approve) return;
    await sql`UPDATE stock_doc SET state = ${STATE.APPROVED}, approve_level = 1, approved_at = now()
      WHERE id = ${rec.Doc_ID as number}`.execute(tx);
    await stockDocHooks.hooks.onApprove?.(hc, await svc.mustGet(rec.Doc_ID as number, tx));
    for (const l of lines) {
      const sign = type === T.RECEIPT ? 1 : type === T.ISSUE || type === T.SCRAP ? -1 : 0;
      if (sign) onHand.set(key(l), addDecimal(onHand.get(key(l)) ?? '0', sign === 1 ? l.Qty : `-${l.Qty}`));
      if (type === T.TRANSFER && l.To_Location_ID) {
        onHand.set(key(l), addDecimal(onHand.get(key(l)) ?? '0', `-${l.Qty}`));
        const to = `${l.Material_ID}|${l.To_Location_ID}`;
        onHand.set(to, addDecimal(onHand.get(to) ?? '0', l.Qty));
      }
    }
  };
  const price = (p: string | null) => mulDecimal(p ?? '10', (0.9 + rand() * 0.2).toFixed(3), 4);

  for (let week = 52; week >= 0; week -= 4) {
    const days = week * 7 + 3;
    const draft = week < 4;
    const receipt: Line[] = [];
    const used = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const m = pick(bought);
      if (used.has(m.id)) continue;
      used.add(m.id);
      receipt.push({
        Material_ID: m.id,
        Location_ID: pick(raw),
        Qty: String(20 + Math.floor(rand() * 180)),
        Unit_Price: price(m.price),
      });
    }
    await doc(T.RECEIPT, days, receipt, '采购入库', !draft);
    const issue: Line[] = [];
    for (const [k, have] of onHand) {
      if (issue.length >= 5 || compareDecimal(have, '2') < 0 || rand() < 0.6) continue;
      const [material, location] = k.split('|').map(Number);
      if (!raw.includes(location)) continue;
      const q = take(material, location, 10 + Math.floor(rand() * 40));
      if (q) issue.push({ Material_ID: material, Location_ID: location, Qty: q });
    }
    await doc(T.ISSUE, days - 2, issue, '生产领用', !draft);
    if (week % 8 === 0 && made.length) {
      const fg = [pick(made), pick(halfMade.length ? halfMade : made)];
      await doc(
        T.RECEIPT,
        days - 4,
        fg.map((m, i) => ({
          Material_ID: m.id,
          Location_ID: pick(i === 0 ? finished : semi),
          Qty: String(5 + Math.floor(rand() * 30)),
          Unit_Price: price(m.price),
        })),
        '完工入库',
        !draft,
      );
    }
    if (week % 8 === 4) {
      const candidates = [...onHand].filter(
        ([k, q]) => raw.includes(Number(k.split('|')[1])) && compareDecimal(q, '4') >= 0,
      );
      if (candidates.length) {
        const [k, have] = pick(candidates);
        const [material, location] = k.split('|').map(Number);
        const to = pick(raw.filter((l) => l !== location));
        await doc(
          T.TRANSFER,
          days - 1,
          [
            {
              Material_ID: material,
              Location_ID: location,
              To_Location_ID: to,
              Qty: String(Math.floor(Number(have) / 4) || 1),
            },
          ],
          '库位调整',
          !draft,
        );
      }
    }
    if (week % 16 === 8) {
      const candidates = [...onHand].filter(([, q]) => compareDecimal(q, '10') >= 0);
      if (candidates.length) {
        const [k] = pick(candidates);
        const [material, location] = k.split('|').map(Number);
        await doc(
          T.SCRAP,
          days - 3,
          [{ Material_ID: material, Location_ID: location, Qty: '2' }],
          '质量报废',
          !draft,
        );
      }
    }
    if (week === 28) {
      const counted = [...onHand].filter(([, q]) => compareDecimal(q, '5') >= 0).slice(0, 4);
      await doc(
        T.COUNT,
        days - 5,
        counted.map(([k, q], i) => {
          const [material, location] = k.split('|').map(Number);
          return { Material_ID: material, Location_ID: location, Qty: addDecimal(q, i % 2 ? '-1' : '0') };
        }),
        '半年盘点',
      );
    }
  }
  // a safety level on some bought materials, so that the shortage list has something to say
  for (const m of bought.filter((_, i) => i % 6 === 0))
    await sql`UPDATE material SET safety_stock = ${String(50 + Math.floor(rand() * 200))} WHERE id = ${m.id}`.execute(
      tx,
    );
  // spare parts for the equipment store (设备备件库 keeps them in the raw-material warehouse), and a
  // few taken for repairs; last, and drawing nothing at random, so that the history above stays as it was
  const spares = mats.filter((m) => m.type === 8).filter((_, i) => i % 6 === 0);
  const spareLines = spares.map((m, i) => ({
    Material_ID: m.id,
    Location_ID: raw[i % raw.length],
    Qty: String(2 + (i % 5) * 2),
    Unit_Price: m.price ?? '10',
  }));
  await doc(T.RECEIPT, 75, spareLines, '备件入库');
  await doc(
    T.ISSUE,
    30,
    spareLines.slice(0, 3).map((l) => ({ Material_ID: l.Material_ID, Location_ID: l.Location_ID, Qty: '1' })),
    '维修领用',
  );
}
