import { type Engine, ok, parseWith, type Row, requestContext } from '@mes/engine-server';
import { STATE } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type DownInterval, reliability } from './logic/reliability';
import { REPAIR } from './logic/repairFlow';
import { timeInStatus } from './logic/status';
import { machine } from './machine.entity';

const figuresQuery = z.strictObject({
  From: z.iso.date(),
  To: z.iso.date(),
  By: z.enum(['machine', 'faultType']).optional(),
});

interface Down {
  machine_id: number;
  machine_name: string;
  fault_type_id: number | null;
  fault_name: string | null;
  s: Date;
  e: Date | null;
}

/**
 * The actual down intervals: from the repair's recorded start (else the request's time) to its
 * recorded end once finished; a request still open is down until now. Cancelled ones never were.
 */
async function downIntervals(engine: Engine, from: Date, to: Date, machineId?: number) {
  const { rows } = await sql<Down>`SELECT q.machine_id, m.machine_name,
      coalesce(r.fault_type_id, q.fault_type_id) AS fault_type_id, f.fault_name,
      coalesce(r.down_start, q.request_time) AS s,
      CASE WHEN q.repair_status IN (${REPAIR.FINISHED}, ${REPAIR.CLOSED}) THEN coalesce(r.down_end, r.updated_at) END AS e
    FROM em_repair_request q
    JOIN em_machine m ON m.id = q.machine_id
    LEFT JOIN em_repair r ON r.request_id = q.id
    LEFT JOIN em_fault_type f ON f.id = coalesce(r.fault_type_id, q.fault_type_id)
    WHERE q.state <> ${STATE.VOID} AND q.repair_status <> ${REPAIR.CANCELLED}
      AND coalesce(r.down_start, q.request_time) < ${to}
      ${machineId ? sql`AND q.machine_id = ${machineId}` : sql``}`.execute(engine.db);
  const now = Date.now();
  return rows
    .map((r) => ({ ...r, iv: { start: new Date(r.s).getTime(), end: r.e ? new Date(r.e).getTime() : now } }))
    .filter((r) => (r.iv.end ?? now) > from.getTime());
}

/** MTBF, MTTR and availability per machine or fault type, and a machine's history in one list. */
export function figuresRoutes(app: FastifyInstance, engine: Engine) {
  app.get(
    '/Machine/Figures',
    { config: { perm: { entity: machine.name, button: 'view' }, records: [] } },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(figuresQuery, req.query, machine, ctx.lang);
      const from = new Date(`${q.From}T00:00:00Z`);
      const to = new Date(`${q.To}T00:00:00Z`);
      to.setUTCDate(to.getUTCDate() + 1);
      const downs = await downIntervals(engine, from, to);
      const groups = new Map<string, { name: string; iv: DownInterval[] }>();
      for (const d of downs) {
        const key = q.By === 'faultType' ? String(d.fault_type_id ?? 0) : String(d.machine_id);
        const name = q.By === 'faultType' ? (d.fault_name ?? '-') : d.machine_name;
        const g = groups.get(key) ?? { name, iv: [] };
        g.iv.push(d.iv);
        groups.set(key, g);
      }
      // by fault type, the time at risk is every machine's: a fault type's MTBF is the plant's
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM em_machine
        WHERE machine_status = 2`.execute(engine.db);
      const fleet = q.By === 'faultType' ? Math.max(1, Number(rows[0]?.n ?? 1)) : 1;
      const out = [...groups].map(([key, g]) => ({
        Key: Number(key),
        Name: g.name,
        ...wire(reliability(g.iv, from.getTime(), to.getTime(), fleet)),
      }));
      out.sort((a, b) => Number(a.Availability) - Number(b.Availability));
      return ok(out, ctx);
    },
  );

  // the time in each of the seven statuses over a period, from the status records
  app.get(
    '/Machine/:id/StatusTime',
    {
      config: {
        perm: { entity: machine.name, button: 'view' },
        records: [{ entity: machine.name, in: 'params', key: 'id' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(figuresQuery, req.query, machine, ctx.lang);
      const id = Number((req.params as { id: string }).id);
      const from = new Date(`${q.From}T00:00:00Z`).getTime();
      const to = new Date(`${q.To}T00:00:00Z`).getTime() + 86_400_000;
      const { rows } = await sql<{
        status: number;
        at: Date;
      }>`SELECT machine_status AS status, start_time AS at
        FROM em_status_record WHERE machine_id = ${id} AND state <> ${STATE.VOID}`.execute(engine.db);
      const spent = timeInStatus(
        rows.map((r) => ({ status: r.status, at: new Date(r.at).getTime() })),
        from,
        Math.min(to, Date.now()),
      );
      return ok(
        [...spent].map(([status, ms]) => ({ Machine_Status: status, Hours: (ms / 3_600_000).toFixed(2) })),
        ctx,
      );
    },
  );

  app.get(
    '/Machine/:id/History',
    {
      config: {
        perm: { entity: machine.name, button: 'view' },
        records: [{ entity: machine.name, in: 'params', key: 'id' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const id = Number((req.params as { id: string }).id);
      const { rows } = await sql<Row>`SELECT * FROM (
          SELECT 'status' AS "Kind", start_time AS "At", machine_status::text AS "Code", reason AS "Text", id AS "ID"
            FROM em_status_record WHERE machine_id = ${id} AND state <> 0
          UNION ALL SELECT 'request', request_time, request_no, symptom, id FROM em_repair_request
            WHERE machine_id = ${id} AND state <> 0
          UNION ALL SELECT 'repair', coalesce(down_end, down_start, created_at), repair_no,
              coalesce(solution, cause, ''), id FROM em_repair WHERE machine_id = ${id} AND state <> 0
          UNION ALL SELECT 'maintain', done_date::timestamptz, record_no, coalesce(result, ''), id FROM em_maintain_record
            WHERE machine_id = ${id} AND state <> 0
          UNION ALL SELECT 'check', check_time, check_result::text, '', id FROM em_portal_record
            WHERE machine_id = ${id} AND state <> 0
        ) h ORDER BY "At" DESC, "ID" DESC LIMIT 500`.execute(engine.db);
      return ok(rows, ctx);
    },
  );
}

function wire(r: ReturnType<typeof reliability>) {
  return {
    Failures: r.failures,
    Down_Hours: r.downHours,
    Up_Hours: r.upHours,
    MTBF_Hours: r.mtbfHours,
    MTTR_Hours: r.mttrHours,
    Availability: r.availability,
  };
}
