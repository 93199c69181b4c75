import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  attachmentType,
  contentDisposition,
  contentMatches,
  type EntityDef,
  extensionOf,
  safeFileName,
} from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { USER_TYPE } from '../auth/plugin';
import type { Row } from '../db';
import type { Engine } from '../engine';
import { AppError, forbidden } from '../errors';
import { ok, requestContext } from '../http/envelope';
import { writeLog } from '../oplog';
import { parseWith } from '../validation';
import { RequestAccess } from './access';
import { dirStore } from './fileStore';

export const MAX_UPLOAD_BYTES = Number(process.env.ATTACHMENT_MAX_MB ?? 20) * 1024 * 1024;

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

/**
 * Who of the supplier portal may see (`view`) or add and remove (`edit`) the files of a record: a
 * module registers a rule per entity; it throws (404 or 403) unless the record is the supplier's
 * own. Portal users reach no other entity's files.
 */
export type PortalAttachmentRule = (
  engine: Engine,
  req: FastifyRequest,
  id: number,
  button: 'view' | 'edit',
) => Promise<void>;
const portalRules = new Map<string, PortalAttachmentRule>();
export function portalAttachmentRule(entity: string, rule: PortalAttachmentRule): void {
  portalRules.set(entity, rule);
}

/** The spec's BZ_Table names mostly are entity names; the company logo uses CompanyInfor. */
const TABLE_ALIAS: Record<string, string> = { CompanyInfor: 'Company' };

const listQuery = z.object({
  BZ_Code: z.string().max(60).optional(),
  BZ_Table: z.string().max(60).optional(),
  BZ_Code_IN: z.string().max(2000).optional(),
  BZ_Table_IN: z.string().max(600).optional(),
  Attachment_Type: z.enum(['1', '2']).optional(),
});

const COLUMNS = sql`id AS "ID", file_code AS "File_Code", file_name AS "File_Name", file_path AS "File_Path",
  attachment_type AS "Attachment_Type", attachment_label AS "Attachment_Label", bz_code AS "BZ_Code", bz_table AS "BZ_Table",
  creater_name AS "Creater_Name", file_size AS "File_Size", created_at AS "Created_At"`;

/** POST /Attachment/, GET /Attachment, DELETE /Attachment/{fileCode}, GET /Attachment/GetImg/{path} (spec part 2 §7). */
export async function attachmentRoutes(app: FastifyInstance, engine: Engine) {
  const access = new RequestAccess(engine);
  const store = engine.settings.fileStore ?? dirStore(engine.settings.attachmentDir);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 2000 },
  });

  const owner = async (
    req: FastifyRequest,
    table: string,
    code: string,
    button: 'view' | 'edit',
  ): Promise<EntityDef> => {
    if (req.auth?.session.u_type === USER_TYPE.SUPPLIER) {
      const rule = portalRules.get(table);
      if (!rule || !/^\d{1,15}$/.test(code)) throw forbidden();
      await rule(engine, req, Number(code), button);
      return engine.registry.get(table);
    }
    const def = access.entity(req, TABLE_ALIAS[table] ?? table, button);
    if (!def.features.attachments) throw new AppError('attachments_not_allowed');
    if (!/^\d{1,15}$/.test(code)) throw new AppError('not_found', {}, 404);
    // the owning record must exist and be within the user's data authority
    await engine.service(def.name).mustGet(Number(code), undefined, false, access.scope(req, def));
    return def;
  };

  const upload = async (req: FastifyRequest) => {
    const ctx = requestContext(req);
    if (!req.isMultipart()) throw new AppError('upload_no_file');
    const fields: Record<string, string> = {};
    let file: { name: string; data: Buffer } | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') file = { name: part.filename, data: await part.toBuffer() };
        else fields[part.fieldname] = String(part.value ?? '');
      }
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('upload_too_large', { limit: `${MAX_UPLOAD_BYTES / 1024 / 1024} MB` }, 413);
      throw new AppError('upload_no_file');
    }
    if (!file?.data.length) throw new AppError('upload_no_file');
    const table = (fields.BZ_Table ?? '').trim();
    const code = (fields.BZ_Code ?? '').trim();
    const def = await owner(req, table, code, 'edit');
    const name = safeFileName(fields.File_Name || file.name);
    const imagesOnly = fields.Attachment_Type === '2';
    const type = attachmentType(name, imagesOnly);
    if (!type) throw new AppError(imagesOnly ? 'upload_image_types' : 'upload_doc_types');
    if (!contentMatches(name, file.data.subarray(0, 16))) throw new AppError('upload_content');
    const fileCode = randomUUID().replaceAll('-', '');
    const path = `${fileCode}.${extensionOf(name)}`;
    await store.put(path, file.data);
    try {
      const { rows } =
        await sql<Row>`INSERT INTO attachment (file_code, file_name, file_path, attachment_type, attachment_label,
          bz_code, bz_table, creater_name, file_size, mime, sha256, created_by)
        VALUES (${fileCode}, ${name}, ${path}, ${type}, ${(fields.Attachment_Label ?? '').slice(0, 60) || null}, ${code},
          ${table}, ${ctx.user?.User_Name ?? null}, ${file.data.length}, ${MIME[extensionOf(name)] ?? 'application/octet-stream'},
          ${createHash('sha256').update(file.data).digest('hex')}, ${ctx.user?.User_ID ?? null})
        RETURNING ${COLUMNS}`.execute(engine.db);
      await writeLog({ ...ctx, tx: engine.db }, 'add', 'Attachment', rows[0].ID as number, {
        BZ_Table: def.name,
        BZ_Code: code,
        name,
      });
      return ok(rows[0], ctx);
    } catch (e) {
      await store.remove(path).catch(() => undefined);
      throw e;
    }
  };
  // portal users pass too: `owner` lets them reach only what a module's portal rule allows
  const signedIn = { config: { perm: { signedIn: true as const }, portal: true } };
  app.post('/Attachment/', signedIn, upload);
  app.post('/Attachment', signedIn, upload);

  app.get('/Attachment', signedIn, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(listQuery, req.query, undefined, ctx.lang);
    const codes = (q.BZ_Code_IN ?? q.BZ_Code ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .slice(0, 200);
    const tables = (q.BZ_Table_IN ?? q.BZ_Table ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .slice(0, 20);
    if (!codes.length || !tables.length) return ok([], ctx);
    for (const t of tables) for (const c of codes) await owner(req, t, c, 'view');
    const { rows } = await sql<Row>`SELECT ${COLUMNS} FROM attachment
      WHERE bz_table IN (${sql.join(tables)}) AND bz_code IN (${sql.join(codes)})
        ${q.Attachment_Type ? sql`AND attachment_type = ${Number(q.Attachment_Type)}` : sql``}
      ORDER BY id`.execute(engine.db);
    // a name stored before control characters were stripped on upload is shown cleaned
    for (const r of rows) r.File_Name = safeFileName(String(r.File_Name ?? ''));
    return ok(rows, ctx);
  });

  const byColumn = async (column: 'file_code' | 'file_path', value: string) =>
    (await sql<Row>`SELECT ${COLUMNS} FROM attachment WHERE ${sql.ref(column)} = ${value}`.execute(engine.db))
      .rows[0];

  // a file's code, not a record id: `owner` checks the record the file belongs to
  app.delete('/Attachment/:fileCode', { config: { ...signedIn.config, records: [] } }, async (req) => {
    const ctx = requestContext(req);
    const code = (req.params as { fileCode: string }).fileCode;
    const row = /^[a-f0-9]{32}$/.test(code) ? await byColumn('file_code', code) : undefined;
    if (!row) throw new AppError('not_found', {}, 404);
    await owner(req, row.BZ_Table as string, row.BZ_Code as string, 'edit');
    await sql`DELETE FROM attachment WHERE id = ${row.ID}`.execute(engine.db);
    await store.remove(row.File_Path as string).catch((e) => req.log.warn({ err: e }, 'file not removed'));
    await writeLog({ ...ctx, tx: engine.db }, 'delete', 'Attachment', row.ID as number, row);
    return ok(null, ctx);
  });

  const send =
    (disposition: 'inline' | 'attachment') =>
    async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const key = (req.params as { key: string }).key;
      const row = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/.test(key)
        ? await byColumn('file_path', key)
        : /^[a-f0-9]{32}$/.test(key)
          ? await byColumn('file_code', key)
          : undefined;
      if (!row) throw new AppError('not_found', {}, 404);
      await owner(req, row.BZ_Table as string, row.BZ_Code as string, 'view');
      const file = await store.get(row.File_Path as string);
      if (!file) throw new AppError('not_found', {}, 404);
      const ext = extensionOf(row.File_Name as string);
      return (
        reply
          .header(
            'Content-Type',
            disposition === 'inline' && MIME[ext] ? MIME[ext] : 'application/octet-stream',
          )
          .header('X-Content-Type-Options', 'nosniff')
          // cleaned again: a name stored before control characters were stripped on upload
          .header('Content-Disposition', contentDisposition(disposition, row.File_Name as string))
          .header('Cache-Control', 'private, max-age=300')
          .send(file)
      );
    };
  const fileRoute = { config: { perm: { signedIn: true as const }, cookieAuth: true, portal: true } };
  app.get('/Attachment/GetImg/:key', fileRoute, send('inline'));
  app.get('/Attachment/Download/:key', fileRoute, send('attachment'));
}
