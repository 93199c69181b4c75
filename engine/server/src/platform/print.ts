import { contentDisposition, formatInstant, STATE } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { companyTimeZone } from '../clock';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { idsByNumberSql, RequestAccess } from './access';
import { type PrintOptions, renderRecordsPdf } from './pdf';
import { unitScales } from './printUnits';

const query = z.object({
  Entity: z.string().min(1).max(60),
  // one record, or several separated by commas (a list's selected rows)
  ID: z.string().max(2000).optional(),
  List_NO: z.string().max(4000).optional(),
});
export const MAX_PRINT_RECORDS = 100;
/**
 * The most lines one print draws, all records together: as many as one document may hold (a
 * stocktake's 5,000), about two seconds of drawing in a worker thread.
 */
export const MAX_PRINT_LINES = 5000;

/**
 * GET /Report/Viewer: the printable PDF of one record or of several (ID or List_NO separated by commas,
 * one section per record), made on the server (spec part 1 §7). Every record is checked on its own.
 */
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
      const keys = [
        ...new Set(
          (q.ID ?? q.List_NO ?? '')
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        ),
      ];
      // the spec's 请先选择需要打印的行 when nothing is chosen
      if (!keys.length) throw new AppError('print_no_row');
      if (keys.length > MAX_PRINT_RECORDS) throw new AppError('print_too_many', { max: MAX_PRINT_RECORDS });
      const recs = [];
      // one record asked for twice (86 and 086, or its id and its number) is printed once
      const seen = new Set<number>();
      let lines = 0;
      for (const key of keys) {
        let id = /^\d{1,15}$/.test(key) ? Number(key) : null;
        const byNumber = id === null ? idsByNumberSql(def, [key]) : null;
        if (byNumber) id = (await byNumber.execute(engine.db)).rows[0]?.id ?? null;
        if (id === null) throw new AppError('not_found', {}, 404);
        if (seen.has(Number(id))) continue;
        seen.add(Number(id));
        const rec = await engine.service(def.name).mustGet(id, undefined, false, access.scope(req, def));
        // a draft prints too (a count sheet to fill in, a draft to check), marked 草稿; a void one does not
        if (def.kind === 'document' && rec.State === STATE.VOID) throw new AppError('print_void');
        for (const k of Object.keys(def.lines)) lines += (rec[k] as unknown[] | undefined)?.length ?? 0;
        if (lines > MAX_PRINT_LINES) throw new AppError('print_too_many_lines', { max: MAX_PRINT_LINES });
        recs.push(rec);
      }
      const company = await sql<{ n: string }>`SELECT company_name AS n FROM company ORDER BY id LIMIT 1`
        .execute(engine.db)
        .catch(() => ({ rows: [] as { n: string }[] }));
      const timeZone = await companyTimeZone(engine.db);
      const layout = await printLayoutOf(engine, def.name);
      const pdf = await renderRecordsPdf(
        def,
        recs,
        ctx.lang,
        {
          company: company.rows[0]?.n ?? '',
          operator: ctx.user?.User_Name ?? '',
          printedAt: formatInstant(new Date(), timeZone, 'minute'),
          timeZone,
        },
        {
          ...layout,
          unitScale: await unitScales(engine.db, engine.registry, def, recs),
          // an unapproved document of a menu with approval is a draft
          isDraft: (rec) =>
            !!def.features.approval && Number(rec.State) >= STATE.DRAFT && Number(rec.State) < STATE.APPROVED,
        },
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          contentDisposition(
            'inline',
            `${def.name}-${recs.length > 1 ? `${keys[0]}-${recs.length}` : keys[0]}.pdf`,
          ),
        )
        .send(pdf);
    },
  );
}

const list = (text: unknown) =>
  String(text ?? '')
    .split(/[,，、]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** The administrator's layout of a document type (系统设置 > 打印格式), read at every print. */
async function printLayoutOf(engine: Engine, entity: string): Promise<PrintOptions> {
  const { rows } = await sql<{
    print_title: string | null;
    hidden_columns: string | null;
    footer_text: string | null;
    signature_labels: string | null;
    hide_totals: boolean;
  }>`SELECT print_title, hidden_columns, footer_text, signature_labels, hide_totals
    FROM print_layout WHERE entity_name = ${entity} LIMIT 1`.execute(engine.db);
  const r = rows[0];
  if (!r) return {};
  return {
    title: r.print_title,
    hidden: list(r.hidden_columns),
    footer: r.footer_text,
    hideTotals: r.hide_totals,
    signatures: list(r.signature_labels),
  };
}
