import { labelOf } from '@mes/model';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { EntityAccess } from '../auth/grants';
import type { EntityService } from '../crud/service';
import type { Row } from '../db';
import { type Tx, withTx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError, forbidden } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { cellValue, exportable, MAX_IMPORT_ROWS, readUploadSheet, rowError, unknownValue } from './excel';
import { columnCells, headerColumns, refFinders } from './importRefs';
import {
  fieldLabel,
  findExisting,
  importMessage,
  importQuery,
  matchFields,
  type RowReport,
} from './importRows';
import { resolveRefs } from './refText';

/** The columns a sheet to import may fill: what export writes, less what the server computes. */
const importable = (svc: EntityService) => exportable(svc.def).filter(([, f]) => !f.readOnly);

/**
 * POST /{Entity}/Import (`?Mode=add|update|both&Dry_Run=true`) and GET /{Entity}/ImportTemplate.
 * A row whose code (matchFields) names an existing record updates it, when the mode allows and the
 * user may edit; all rows are kept or none; a dry run validates and reports, then rolls back.
 */
export function importRoutes(app: FastifyInstance, engine: Engine, svc: EntityService) {
  const def = svc.def;
  const access = new EntityAccess(engine.registry);

  app.get(
    `/${def.name}/ImportTemplate`,
    { config: { perm: { entity: def.name, button: 'import' }, records: [], cookieAuth: true } },
    async (req, reply) => {
      const ctx = requestContext(req);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(labelOf(def.label, ctx.lang).slice(0, 31));
      sheet.columns = importable(svc).map(([name, f]) => ({
        header: labelOf(f.label, ctx.lang),
        key: name,
        width: 18,
      }));
      sheet.getRow(1).font = { bold: true };
      const name = `${labelOf(def.label, ctx.lang)}-${ctx.lang === 'zh' ? '导入模板' : 'import template'}.xlsx`;
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(await book.xlsx.writeBuffer()));
    },
  );

  app.post(
    `/${def.name}/Import`,
    { config: { perm: { entity: def.name, button: 'import' }, records: [] } },
    async (req, reply) => {
      const ctx = requestContext(req);
      const { Mode: mode, Dry_Run: dryRun } = parseWith(importQuery, req.query ?? {}, undefined, ctx.lang);
      // updating is editing: the import grant alone adds, the edit grant is needed to change a record
      const edit = req.auth ? access.decide(req.auth.grants, def.name, 'edit') : 'all';
      const mayEdit = edit === 'all' || edit === 'own';
      if (mode === 'update' && !mayEdit) throw forbidden();
      if (mode === 'update' && !matchFields(def).length) throw new AppError('import_no_key');
      const sheet = await readUploadSheet(req, MAX_IMPORT_ROWS);
      const body = sheet.rows.filter((r) => r.at > 1);
      if (!body.length) throw new AppError('import_empty');
      const noResult = new Set(sheet.noResult);
      const columns = headerColumns(sheet.rows.find((r) => r.at === 1)?.cells, exportable(def));
      const rows: RowReport[] = [];
      const counts = { added: 0, updated: 0, skipped: 0, errors: 0 };
      const fail = (r: number, message: string, key?: string) => {
        rows.push({ Row: r, Status: 'error', Message: message, Key: key });
        counts.errors++;
      };
      const rollback = new Error('rollback');
      const scope = req.auth?.scope;
      const seen = new Set<string>();
      try {
        await withTx(engine.db, async (tx) => {
          const finders = await refFinders(
            columns,
            (col) => columnCells(body, col),
            def.name,
            (f, texts) => resolveRefs(tx, engine.registry, f, texts),
          );
          for (const { at: r, cells } of body) {
            const payload: Row = {};
            let problem = noResult.has(r) ? new AppError('import_no_result').text(ctx.lang) : null;
            for (const [col, target] of columns.entries()) {
              if (problem) break;
              if (!target || target[1].readOnly) continue;
              const v = await cellValue(
                tx,
                engine.registry,
                target[1],
                cells[col] ?? '',
                ctx.lang,
                finders.get(col),
              );
              if ('error' in v) problem ??= unknownValue(v.error, ctx.lang);
              else if (v.value !== null) payload[target[0]] = v.value;
            }
            if (problem) {
              fail(r, problem);
              continue;
            }
            // a code twice in one sheet is a mistake in the sheet, not an update of the row above
            const dup = matchFields(def).find((n) => {
              const v = payload[n];
              if (v === undefined || v === null || v === '') return false;
              const seenKey = `${n}\u0000${String(v)}`;
              if (seen.has(seenKey)) return true;
              seen.add(seenKey);
              return false;
            });
            if (dup) {
              fail(r, new AppError('duplicate', { field: def.fields[dup].label }).text(ctx.lang));
              continue;
            }
            const old = matchFields(def).length ? await findExisting(tx, def, payload, scope) : null;
            const key = old ? `${fieldLabel(def, old.field, ctx.lang)}: ${old.value}` : undefined;
            if (old && mode === 'add') {
              const field = fieldLabel(def, old.field, ctx.lang);
              const text = new AppError('import_skip_exists', { field, value: old.value }).text(ctx.lang);
              rows.push({ Row: r, Status: 'skipped', Message: text, Key: key });
              counts.skipped++;
              continue;
            }
            if (!old && mode === 'update') {
              const text = new AppError('import_skip_missing').text(ctx.lang);
              rows.push({ Row: r, Status: 'skipped', Message: text });
              counts.skipped++;
              continue;
            }
            const own = old && edit === 'own' && old.createdBy === ctx.user?.User_ID;
            if (old && !(edit === 'all' || own)) {
              const field = fieldLabel(def, old.field, ctx.lang);
              fail(r, new AppError('import_no_edit', { field, value: old.value }).text(ctx.lang), key);
              continue;
            }
            const saved = await savepoint(tx, async () => {
              if (old) await svc.modify({ ...payload, [def.key]: old.id, Version: old.version }, ctx, tx);
              else await svc.insert(payload, ctx, tx);
            });
            if (saved) fail(r, rowError(saved, req).text(ctx.lang), key);
            else {
              rows.push({ Row: r, Status: old ? 'updated' : 'added', Key: key });
              if (old) counts.updated++;
              else counts.added++;
            }
            if (counts.errors >= 200) break;
          }
          // all or nothing: one bad row and nothing is kept; a dry run keeps nothing anyway
          if (counts.errors || dryRun) throw rollback;
        });
      } catch (e) {
        if (e !== rollback) throw e;
      }
      const failed = counts.errors > 0;
      const report = {
        Total: (body.at(-1)?.at ?? 1) - 1,
        Imported: failed || dryRun ? 0 : counts.added + counts.updated,
        Added: counts.added,
        Updated: counts.updated,
        Skipped: counts.skipped,
        Mode: mode,
        Dry_Run: dryRun,
        Errors: rows
          .filter((x) => x.Status === 'error')
          .map((x) => ({ Row: x.Row, Message: x.Message ?? '' })),
        Rows: rows,
      };
      const message = importMessage(counts, dryRun, ctx.lang);
      if (failed) return reply.status(400).send({ Code: 1, Message: message, Data: report });
      return { Code: 0, Message: message, Data: report };
    },
  );
}

/** Runs one row's save inside a savepoint: the error that undid it, or null when it was kept. */
async function savepoint(tx: Tx, fn: () => Promise<void>): Promise<unknown> {
  await sql`SAVEPOINT import_row`.execute(tx);
  try {
    await fn();
    await sql`RELEASE SAVEPOINT import_row`.execute(tx);
    return null;
  } catch (e) {
    await sql`ROLLBACK TO SAVEPOINT import_row`.execute(tx);
    return e;
  }
}
