import { acceptedRepair, maintainRecordSample, maintainRuleSample } from '@mes/equipment/testing';
import { paymentSample, receiptSample } from '@mes/finance/testing';
import type { EntityDef, FieldDef, Fields, Registry } from '@mes/model';
import { purchaseInvoiceSample, purchaseReceiptSample } from '@mes/purchasing/testing';
import { deliverySample, invoiceSample, orderSample } from '@mes/sales/testing';
import { bidEvaluationSample } from '@mes/sourcing/testing';
import type { TestServer } from './testing';

/**
 * Documents that can only exist after a business process (an award needs a closed quotation
 * round) get their sample from the module that knows the process.
 */
const PROCESS_SAMPLES: Record<string, (t: TestServer) => Promise<Record<string, unknown>>> = {
  BidEvaluation: bidEvaluationSample,
  PurchaseReceipt: purchaseReceiptSample,
  PurchaseInvoice: purchaseInvoiceSample,
  // deliveries and invoices take from approved orders and deliveries of their customer
  SalesOrder: orderSample,
  SalesDelivery: deliverySample,
  SalesInvoice: invoiceSample,
  // a rule is for a machine group or a machine; a record's parts come from stock that is there
  MaintainRule: maintainRuleSample,
  MaintainRecord: maintainRecordSample,
  // a payment or receipt allocates to an open invoice of its partner
  FinPayment: paymentSample,
  FinReceipt: receiptSample,
  // a print layout names a printable entity, one layout each
  PrintLayout: async (t) => {
    const printable = t.engine.registry
      .all()
      .filter((d) => d.features.print)
      .map((d) => d.name);
    const seq = counter++;
    return { Entity_Name: printable[seq % printable.length], Print_Title: `T${seq}` };
  },
  // a level's approver must hold the menu's approve grant: the administrator does, a fresh user not
  ApprovalSetting: async (t) => {
    const menu = await t.call<Record<string, number>>(
      'POST',
      '/ModuleMenu',
      await samplePayload(t, t.engine.registry, t.engine.registry.get('ModuleMenu'), 1),
    );
    if (menu.body.Code !== 0) throw new Error(`sample ModuleMenu: ${menu.body.Message}`);
    const admin = await t.call<{ User_ID: number }[]>('GET', '/Users?User_Account=admin');
    return {
      Menu_ID: menu.body.Data.Menu_ID,
      Levels: [{ Level_No: 1, Approver_ID: admin.body.Data[0]?.User_ID }],
    };
  },
};

type Made = Awaited<ReturnType<TestServer['call']>>;

/**
 * Records no POST makes (a repair exists only by accepting its request): their module runs the
 * process and answers its reply, which carries the new record as a create's would, and the fields
 * the record was given.
 */
const PROCESS_MADE: Record<
  string,
  (t: TestServer) => Promise<{ payload: Record<string, unknown>; res: Made }>
> = {
  MachineRepair: acceptedRepair,
};

/** Creates a sample record of any declared entity: by POST, or by the process that makes it. */
export async function createSample(
  t: TestServer,
  registry: Registry,
  def: EntityDef,
): Promise<{ payload: Record<string, unknown>; res: Made }> {
  const made = PROCESS_MADE[def.name];
  if (made) return made(t);
  const payload = await samplePayload(t, registry, def);
  return { payload, res: await t.call('POST', `/${def.name}`, payload) };
}

/** A valid value for a field, distinct per `seq` so that unique fields stay unique. */
export function sampleValue(f: FieldDef, seq: number): unknown {
  switch (f.kind) {
    case 'text':
      if (f.format === 'email') return `u${seq}@example.com`;
      if (f.format === 'phone') return `1380000${String(seq).padStart(4, '0')}`;
      if (f.format === 'code') return `code${seq}`;
      if (f.format === 'time') return `0${seq % 10}:30`;
      // short codes keep the distinct part (the sequence) rather than the label
      if (f.max < 12) return seq.toString(36).toUpperCase().padStart(Math.min(f.max, 3), 'Z').slice(-f.max);
      return `T${seq}-${f.label.en}`.slice(0, f.max);
    case 'int':
      return Math.max(f.min ?? 0, Math.min(f.max ?? 1000, seq % 1000));
    case 'decimal':
      // at least the declared minimum, whatever the sequence has reached
      // a fraction only where the declared scale allows one (a shot count is a whole number)
      return `${Math.max(seq % 1000, Math.ceil(Number(f.min ?? 0)))}${f.scale > 0 ? '.5' : ''}`;
    case 'bool':
      return false;
    case 'date':
      return '2026-03-15';
    case 'datetime':
      return '2026-03-15T08:30:00.000Z';
    case 'enum':
      return f.options[0].value;
    case 'ref':
      return undefined;
  }
}

/** A value of the wrong type for the field's kind. */
export function wrongType(f: FieldDef): unknown {
  return f.kind === 'text' || f.kind === 'date' || f.kind === 'datetime'
    ? 12345
    : f.kind === 'bool'
      ? 'yes'
      : 'abc';
}

let counter = 1;

/**
 * Builds a valid create payload for any declared entity through the real API, creating the
 * records its required links point to first.
 */
export async function samplePayload(
  t: TestServer,
  registry: Registry,
  def: EntityDef,
  depth = 0,
): Promise<Record<string, unknown>> {
  const preset = PROCESS_SAMPLES[def.name];
  if (preset) return preset(t);
  const seq = counter++;
  const body: Record<string, unknown> = {};
  const fill = async (fields: Fields, out: Record<string, unknown>) => {
    for (const [n, f] of Object.entries(fields)) {
      if (f.readOnly) continue;
      if (f.kind === 'ref') {
        if (f.entity === def.name) continue;
        // optional links often depend on one another (a transfer's to-location, a header warehouse
        // its lines' locations must belong to): a sample fills the required ones only
        if (!f.required) continue;
        const target = registry.get(f.entity);
        // deep chains of links reuse a record that exists already
        if (depth > 1 || target.kind === 'log' || !target.api) {
          const existing = await t.call<Record<string, number>[]>('GET', `/${target.name}?PageSize=1`);
          const id = existing.body.Data?.[0]?.[target.key];
          if (id) out[n] = id;
          if (id || !f.required || target.kind === 'log' || !target.api) continue;
        }
        const res = await t.call(
          'POST',
          `/${target.name}`,
          await samplePayload(t, registry, target, depth + 1),
        );
        if (res.body.Code !== 0) throw new Error(`sample ${target.name}: ${res.body.Message}`);
        out[n] = (res.body.Data as Record<string, number>)[target.key];
        continue;
      }
      out[n] = sampleValue(f, seq);
    }
  };
  await fill(def.fields, body);
  for (const [key, lines] of Object.entries(def.lines)) {
    const row: Record<string, unknown> = {};
    await fill(lines.fields, row);
    body[key] = [row];
  }
  return body;
}
