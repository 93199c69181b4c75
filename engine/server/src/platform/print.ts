import { STATE } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { RequestAccess } from './access';
import { renderRecordPdf } from './pdf';

const query = z.object({
  Entity: z.string().min(1).max(60),
  ID: z.string().max(20).optional(),
  List_NO: z.string().max(60).optional(),
});

/** GET /Report/Viewer: the printable PDF of one record, made on the server (spec part 1 §7). */
export function printRoutes(app: FastifyInstance, engine: Engine) {
  const access = new RequestAccess(engine);
  app.get(
    '/Report/Viewer',
    { config: { perm: { signedIn: true }, cookieAuth: true } },
    async (req, reply) => {
      const ctx = requestContext(req);
      const q = parseWith(query, req.query, undefined, ctx.lang);
      const def = access.entity(req, q.Entity, 'print');
      if (!def.features.print) throw new AppError('print_not_allowed');
      const key = (q.ID ?? q.List_NO ?? '').trim();
      // the spec's 请先选择需要打印的行 when nothing is chosen
      if (!key) throw new AppError('print_no_row');
      let id = /^\d{1,15}$/.test(key) ? Number(key) : null;
      const numbering = def.features.numbering?.field;
      if (id === null && numbering) {
        const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(def.table)}
        WHERE ${sql.ref(numbering.toLowerCase())} = ${key}`.execute(engine.db);
        id = rows[0]?.id ?? null;
      }
      if (id === null) throw new AppError('not_found', {}, 404);
      const rec = await engine.service(def.name).mustGet(id, undefined, false, req.auth?.scope);
      // a draft of a document with approval is not printed (spec part 2 §4: above status 1)
      if (def.features.approval && (rec.State as number) <= STATE.DRAFT) throw new AppError('print_draft');
      const company = await sql<{ n: string }>`SELECT company_name AS n FROM company ORDER BY id LIMIT 1`
        .execute(engine.db)
        .catch(() => ({ rows: [] as { n: string }[] }));
      const pdf = await renderRecordPdf(def, rec, ctx.lang, {
        company: company.rows[0]?.n ?? '',
        operator: ctx.user?.User_Name ?? '',
        printedAt: new Date().toISOString().replace('T', ' ').slice(0, 16),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(`${def.name}-${id}.pdf`)}`,
        )
        .send(pdf);
    },
  );
}
