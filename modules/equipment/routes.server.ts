import {
  type Engine,
  type HookContext,
  ok,
  parseWith,
  type Row,
  requestContext,
  withTx,
} from '@mes/engine-server';
import { STATE } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { rankExperience } from './logic/match';
import { accessoriesBill } from './machine.entity';
import { machineRepair, repairExperience, repairRequest } from './repair.entity';
import { acceptRequest, cancelRequest, repairStep } from './repair.server';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const requestBody = z.strictObject({ Request_ID: id, Technician_ID: id.nullable().optional() });
const repairBody = z.strictObject({ Repair_ID: id });
const suggestQuery = z.strictObject({
  Text: z.string().max(500).optional(),
  Machine_ID: z.coerce.number().int().positive().optional(),
  Fault_Type_ID: z.coerce.number().int().positive().optional(),
});

const STEPS = ['Start', 'Finish', 'Confirm', 'Reopen'] as const;

/** The repair life's actions, experience suggestions and the critical-spares warning list. */
export function repairRoutes(app: FastifyInstance, engine: Engine) {
  const run = <T>(req: FastifyRequest, fn: (c: HookContext) => Promise<T>) =>
    withTx(engine.db, (tx) => fn({ ...requestContext(req), tx, registry: engine.registry }));
  const onRequest = {
    config: {
      perm: { entity: repairRequest.name, button: 'edit' as const },
      records: [{ entity: repairRequest.name, in: 'body' as const, key: 'Request_ID' }],
    },
  };
  const onRepair = {
    config: {
      perm: { entity: machineRepair.name, button: 'edit' as const },
      records: [{ entity: machineRepair.name, in: 'body' as const, key: 'Repair_ID' }],
    },
  };

  app.post('/RepairRequest/Accept', onRequest, async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(requestBody, req.body, repairRequest, ctx.lang);
    const repairId = await run(req, (c) =>
      acceptRequest(engine, c, body.Request_ID, body.Technician_ID ?? null),
    );
    return ok(await engine.service(machineRepair.name).mustGet(repairId), ctx);
  });

  app.post('/RepairRequest/Cancel', onRequest, async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(requestBody, req.body, repairRequest, ctx.lang);
    await run(req, (c) => cancelRequest(engine, c, body.Request_ID));
    return ok(await engine.service(repairRequest.name).mustGet(body.Request_ID), ctx);
  });

  for (const step of STEPS)
    app.post(`/MachineRepair/${step}`, onRepair, async (req) => {
      const ctx = requestContext(req);
      const body = parseWith(repairBody, req.body, machineRepair, ctx.lang);
      await run(req, (c) => repairStep(engine, c, step, body.Repair_ID));
      return ok(await engine.service(machineRepair.name).mustGet(body.Repair_ID), ctx);
    });

  // matching knowledge while a request is typed: by words, fault type and the machine's group or type
  app.get(
    '/RepairExperience/Suggest',
    {
      config: {
        perm: { entity: repairRequest.name, button: 'view' },
        records: [{ entity: 'Machine', in: 'query', key: 'Machine_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(suggestQuery, req.query, repairExperience, ctx.lang);
      const m = q.Machine_ID
        ? (
            await sql<{
              group_id: number | null;
              machine_type: number | null;
            }>`SELECT machine_group_id AS group_id,
            machine_type FROM em_machine WHERE id = ${q.Machine_ID}`.execute(engine.db)
          ).rows[0]
        : undefined;
      // the newest thousand entries: a knowledge base read by people stays far below that
      const { rows } = await sql<{
        id: number;
        text: string;
        fault_type_id: number | null;
        machine_group_id: number | null;
        machine_type: number | null;
      }>`SELECT id, concat_ws(' ', title, symptom, cause, solution) AS text, fault_type_id, machine_group_id,
          machine_type FROM em_repair_experience WHERE state <> ${STATE.VOID} ORDER BY id DESC LIMIT 1000`.execute(
        engine.db,
      );
      const ranked = rankExperience(
        {
          text: q.Text ?? '',
          faultTypeId: q.Fault_Type_ID ?? null,
          machineGroupId: m?.group_id ?? null,
          machineType: m?.machine_type ?? null,
        },
        rows.map((r) => ({
          id: Number(r.id),
          text: r.text,
          faultTypeId: r.fault_type_id,
          machineGroupId: r.machine_group_id,
          machineType: r.machine_type,
        })),
      );
      const svc = engine.service(repairExperience.name);
      const out: Row[] = [];
      for (const r of ranked) {
        const rec = await svc.get(r.id);
        if (rec) out.push({ ...rec, Score: r.score });
      }
      return ok(out, ctx);
    },
  );

  // critical spares whose stock in their EM storage's warehouse (or anywhere, without one) is below the minimum
  app.get(
    '/AccessoriesBill/Warnings',
    { config: { perm: { entity: accessoriesBill.name, button: 'view' }, records: [] } },
    async (req) => {
      const ctx = requestContext(req);
      const { rows } = await sql<Row>`SELECT b.id AS "Bill_ID", b.machine_id AS "Machine_ID",
          m.machine_code AS "Machine_Code", m.machine_name AS "Machine_Name", b.material_id AS "Material_ID",
          mt.material_number AS "Material_Number", mt.material_name AS "Material_Name",
          b.min_stock::text AS "Min_Stock", q.on_hand::text AS "On_Hand"
        FROM em_accessories_bill b
        JOIN em_machine m ON m.id = b.machine_id
        JOIN material mt ON mt.id = b.material_id
        LEFT JOIN em_storage s ON s.id = b.storage_id
        CROSS JOIN LATERAL (SELECT coalesce(sum(sb.qty), 0) AS on_hand FROM stock_balance sb
          WHERE sb.material_id = b.material_id
            AND (s.warehouse_id IS NULL OR sb.warehouse_id = s.warehouse_id)) q
        WHERE b.is_critical AND b.min_stock IS NOT NULL AND q.on_hand < b.min_stock
        ORDER BY m.machine_code, mt.material_number`.execute(engine.db);
      return ok(rows, ctx);
    },
  );
}
