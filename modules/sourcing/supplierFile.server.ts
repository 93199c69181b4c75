import {
  AppError,
  checkNewPassword,
  type Engine,
  hashPassword,
  ok,
  PASSWORD_MAX,
  PASSWORD_MIN,
  parseWith,
  type Row,
  requestContext,
  type SeedContext,
  type Tx,
  withTx,
  writeLog,
} from '@mes/engine-server';
import { SUPPLIER_DOC_KINDS } from '@mes/masterdata';
import { labelOf } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { SRM_MENU } from './index';

export const SUPPLIER_ROLE = 'supplier';
/** Expiry warnings look this many days ahead unless the caller asks otherwise. */
export const EXPIRY_WARNING_DAYS = 30;

const expiringQuery = z.object({
  Days: z.coerce.number().int().min(0).max(3650).default(EXPIRY_WARNING_DAYS),
  Supplier_ID: z.coerce.number().int().positive().optional(),
});
const accountBody = z.strictObject({
  Supplier_ID: z.number().int().positive(),
  User_Account: z
    .string()
    .trim()
    .min(2)
    .max(50)
    .regex(/^[A-Za-z0-9_.-]+$/),
  Pass_Word: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
});

/** The supplier portal role, with the portal pages and messages; made when a database has none. */
export async function ensureSupplierRole(tx: Tx): Promise<number> {
  const found = await sql<{ id: number }>`SELECT id FROM role WHERE role_code = ${SUPPLIER_ROLE}`.execute(tx);
  if (found.rows[0]) return found.rows[0].id;
  const { rows } = await sql<{ id: number }>`INSERT INTO role (role_code, role_name, is_admin, remark)
    VALUES (${SUPPLIER_ROLE}, '供应商门户', false, '供应商报价门户') RETURNING id`.execute(tx);
  const { rows: pages } = await sql<{ id: number }>`SELECT p.id FROM module_menu p
    LEFT JOIN module_menu g ON g.id = p.parent_menu_id
    WHERE p.menu_type = 3 AND (g.menu_code = 'SRM.portal' OR p.menu_code IN ('home.message', 'home.needdo'))
    ORDER BY p.id`.execute(tx);
  let n = 0;
  for (const p of pages)
    await sql`INSERT INTO role_grants (parent_id, line_no, menu_id, buttons, opera_type)
      VALUES (${rows[0].id}, ${++n}, ${p.id}, '', 4)`.execute(tx);
  return rows[0].id;
}

export async function bootstrapSourcing({ tx }: SeedContext) {
  await ensureSupplierRole(tx);
}

/**
 * Creates a supplier's portal account (U_Type supplier, own records only, the supplier portal role)
 * and links it to the supplier file, in one transaction.
 */
export async function createPortalAccount(
  engine: Engine,
  tx: Tx,
  ctx: ReturnType<typeof requestContext>,
  input: { Supplier_ID: number; User_Account: string; Pass_Word: string },
): Promise<Row> {
  const { rows } = await sql<{
    id: number;
    full_name: string;
    email: string | null;
    portal_user_id: number | null;
  }>`
    SELECT id, full_name, email, portal_user_id FROM supplier WHERE id = ${input.Supplier_ID} FOR UPDATE`.execute(
    tx,
  );
  const s = rows[0];
  if (!s) throw new AppError('not_found', {}, 404);
  if (s.portal_user_id) {
    const acc = await sql<{
      user_account: string;
    }>`SELECT user_account FROM users WHERE id = ${s.portal_user_id}`.execute(tx);
    throw new AppError('srm.account_exists', { account: acc.rows[0]?.user_account ?? '' }, 409);
  }
  const role = await ensureSupplierRole(tx);
  const user = await engine.service('Users').insert(
    {
      User_Account: input.User_Account,
      User_Name: s.full_name.slice(0, 50),
      U_Type: 2,
      Data_Authority: 1,
      EMail: s.email,
      Roles: [{ Role_ID: role }],
    },
    ctx,
    tx,
  );
  // the buyer chose this password: the supplier replaces it at the first sign-in
  await sql`UPDATE users SET pass_word = ${await hashPassword(input.Pass_Word)}, must_change_pwd = true
    WHERE id = ${user.User_ID}`.execute(tx);
  await sql`UPDATE supplier SET portal_user_id = ${user.User_ID}, use_supply_chain = true, version = version + 1,
      updated_at = now(), updated_by = ${ctx.user?.User_ID ?? null} WHERE id = ${s.id}`.execute(tx);
  await writeLog({ ...ctx, tx }, 'edit', 'Supplier', s.id, { portalAccount: input.User_Account });
  return engine.service('Supplier').mustGet(s.id, tx);
}

/** The supplier file's own routes: documents about to expire, and the portal account. */
export function supplierFileRoutes(app: FastifyInstance, engine: Engine) {
  app.get(
    '/Supplier/ExpiringDocuments',
    {
      config: {
        perm: { entity: 'Supplier', button: 'view' },
        records: [{ entity: 'Supplier', in: 'query', key: 'Supplier_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(expiringQuery, req.query, undefined, ctx.lang);
      const { rows } = await sql<Row>`SELECT d.parent_id AS "Supplier_ID", s.supplier_code AS "Supplier_Code",
          s.short_name AS "Short_Name", d.doc_kind AS "Doc_Kind", d.doc_no AS "Doc_NO", d.expiry_date AS "Expiry_Date",
          (d.expiry_date - current_date) AS "Days_Left"
        FROM supplier_documents d JOIN supplier s ON s.id = d.parent_id
        WHERE NOT s.disabled AND d.expiry_date <= current_date + ${q.Days}::int
          ${q.Supplier_ID ? sql`AND s.id = ${q.Supplier_ID}` : sql``}
        ORDER BY d.expiry_date, s.supplier_code`.execute(engine.db);
      for (const r of rows)
        r.Doc_Kind_Name = labelOf(
          SUPPLIER_DOC_KINDS.find((k) => k.value === r.Doc_Kind)?.label ?? { zh: '', en: '' },
          ctx.lang,
        );
      return ok(rows, ctx);
    },
  );

  app.post(
    '/Supplier/CreatePortalAccount',
    {
      config: {
        perm: { entity: 'Supplier', button: 'edit' },
        records: [{ entity: 'Supplier', in: 'body', key: 'Supplier_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const body = parseWith(accountBody, req.body, undefined, ctx.lang);
      checkNewPassword(body.Pass_Word);
      const rec = await withTx(engine.db, (tx) => createPortalAccount(engine, tx, ctx, body));
      return ok(rec, ctx);
    },
  );
}

export { SRM_MENU };
