import type { HookContext, RequestContext, SeedContext } from '@mes/engine-server';
import { addDecimal, compareDecimal, mulDecimal, STATE, subDecimal } from '@mes/model';
import { sql } from 'kysely';
import { DELIVERY_TYPE } from './delivery.entity';
import { salesDeliveryHooks } from './delivery.server';
import { salesInvoiceHooks } from './invoice.server';
import { OPP_STATUS } from './opportunity.entity';
import { deal } from './opportunity.server';

const DAY = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/** A small deterministic generator, so that the demo is the same on every fresh start. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

interface Stock {
  material: number;
  location: number;
  warehouse: number;
  qty: string;
  price: string;
}

/**
 * A quarter of sales on the demo customers and the finished goods in stock: an order every week or
 * so, delivered in part or whole from the finished-goods stock that is there (through the same
 * posting as in use), older deliveries invoiced (receivables in the finance ledger), the last
 * weeks left as drafts to approve; opportunities in each state, one of them won as an order.
 */
export async function seedSales({ engine, tx, ctx: base }: SeedContext): Promise<void> {
  const rand = rng(20261127);
  const admin = (
    await sql<{ id: number; user_name: string }>`SELECT id, user_name FROM users
    WHERE user_account = 'admin'`.execute(tx)
  ).rows[0];
  const ctx: RequestContext = admin
    ? { ...base, user: { User_ID: admin.id, User_Name: admin.user_name } }
    : base;
  const hc: HookContext = { ...ctx, tx, registry: engine.registry };
  const customers = (
    await sql<{ id: number }>`SELECT id FROM customer WHERE NOT disabled ORDER BY id LIMIT 6`.execute(tx)
  ).rows.map((r) => r.id);
  const stock: Stock[] = (
    await sql<Stock>`SELECT b.material_id AS material, b.location_id AS location, b.warehouse_id AS warehouse,
        b.qty::text AS qty, coalesce(m.historical_price, round(b.amount / b.qty, 2), 100)::text AS price
      FROM stock_balance b JOIN material m ON m.id = b.material_id
      WHERE m.material_type = 3 AND NOT m.disabled AND b.qty >= 4 AND b.batch_no = '' ORDER BY b.material_id, b.location_id`.execute(
      tx,
    )
  ).rows;
  if (!customers.length || !stock.length) return;
  const svc = (name: string) => engine.service(name);
  const approve = async (
    table: string,
    key: string,
    entity: string,
    id: number,
    hook?: typeof salesDeliveryHooks,
  ) => {
    await sql`UPDATE ${sql.table(table)} SET state = ${STATE.APPROVED}, approve_level = 1, approved_at = now(),
      approved_by = ${admin?.id ?? null} WHERE id = ${id}`.execute(tx);
    if (hook) await hook.hooks.onApprove?.(hc, await svc(entity).mustGet(id, tx));
    return key;
  };

  for (let week = 12; week >= 0; week--) {
    const s = stock[week % stock.length];
    if (compareDecimal(s.qty, '4') < 0) continue;
    const customer = customers[week % customers.length];
    const unit = mulDecimal(s.price, (1.25 + rand() * 0.2).toFixed(2), 2);
    const ordered = String(Math.max(2, Math.floor(Number(s.qty) / 3)));
    const orderDay = week * 7 + 5;
    const so = await svc('SalesOrder').insert(
      {
        Customer_ID: customer,
        Order_Date: dayAgo(orderDay),
        Customer_PO: `PO-${2026}${String(1000 + week * 37)}`,
        Salesman_ID: admin?.id,
        Lines: [
          { Material_ID: s.material, Qty: ordered, Unit_Price: unit, Delivery_Date: dayAgo(orderDay - 7) },
        ],
      },
      ctx,
      tx,
    );
    const orderId = Number(so.Sales_Order_ID);
    if (week < 1) continue; // this week's order waits for approval
    await approve('sales_order', 'Sales_Order_ID', 'SalesOrder', orderId);
    // a partial delivery of what the location has, then (older orders) the invoice of it
    const shipped = String(Math.min(Number(ordered), Math.floor(Number(s.qty) / 2)));
    const dn = await svc('SalesDelivery').insert(
      {
        Customer_ID: customer,
        Delivery_Type: DELIVERY_TYPE.DELIVERY,
        Delivery_Date: dayAgo(orderDay - 3),
        Warehouse_ID: s.warehouse,
        Lines: [{ Sales_Order_ID: orderId, Order_Line_NO: 1, Location_ID: s.location, Qty: shipped }],
      },
      ctx,
      tx,
    );
    if (week < 2) continue;
    await approve(
      'sales_delivery',
      'Delivery_ID',
      'SalesDelivery',
      Number(dn.Delivery_ID),
      salesDeliveryHooks,
    );
    s.qty = subDecimal(s.qty, shipped);
    if (week < 3) continue;
    const inv = await svc('SalesInvoice').insert(
      {
        Customer_ID: customer,
        Invoice_Date: dayAgo(orderDay - 5),
        Fapiao_NO: String(44_001_000 + week * 13),
        Lines: [{ Delivery_ID: Number(dn.Delivery_ID), Delivery_Line_NO: 1, Qty: shipped }],
      },
      ctx,
      tx,
    );
    if (week >= 4)
      await approve('sales_invoice', 'Invoice_ID', 'SalesInvoice', Number(inv.Invoice_ID), salesInvoiceHooks);
  }

  const opp = (name: string, status: number, i: number, qty: string) => ({
    Opp_Name: name,
    Customer_ID: customers[i % customers.length],
    Opp_Status: status,
    Expected_Amount: mulDecimal(addDecimal(stock[i % stock.length].price, '0'), qty, 2),
    Expected_Date: dayAgo(-30 - i * 15),
    Owner_ID: admin?.id,
    Material_ID: stock[i % stock.length].material,
    Qty: qty,
  });
  await svc('SalesOpportunity').insert(opp('新车型配套件询价', OPP_STATUS.FOLLOWING, 0, '500'), ctx, tx);
  await svc('SalesOpportunity').insert(opp('售后备件年度需求', OPP_STATUS.FOLLOWING, 1, '200'), ctx, tx);
  await svc('SalesOpportunity').insert(opp('海外项目报价', OPP_STATUS.ABANDONED, 2, '1000'), ctx, tx);
  await svc('SalesOpportunity').insert(opp('平台项目定点', OPP_STATUS.PROJECT, 3, '3000'), ctx, tx);
  const won = await svc('SalesOpportunity').insert(opp('年度框架协议', OPP_STATUS.PROJECT, 4, '20'), ctx, tx);
  await deal(engine, hc, { Opp_ID: Number(won.Opp_ID), Order_Date: dayAgo(1) });
}
