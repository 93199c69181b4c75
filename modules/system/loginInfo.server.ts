import { type Engine, isDemoDatabase, ok, parseWith, requestContext } from '@mes/engine-server';
import { CLIENT_PARAMS } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ownUserId, type UserMenu, userMenu } from './shell.server';

const query = z.object({ User_ID: z.coerce.number().int().positive().optional() }).loose();

const FLAGS: [string, string][] = [
  ['online_service', 'OnlineService'],
  ['tel_consult', 'TelConsult'],
  ['barcode_scan', 'BarcodeScan'],
  ['message_on', 'Message'],
  ['home_help', 'HomeHelp'],
  ['home_barcode', 'HomeBarcode'],
  ['login_top_picture', 'LoginTopPicture'],
  ['login_bottom_picture', 'LoginBottomPicture'],
  ['login_wording', 'LoginWording'],
];

async function companyConfig(engine: Engine) {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM company ORDER BY id LIMIT 1`.execute(
    engine.db,
  );
  const c = rows[0] ?? {};
  const flags: Record<string, 'Y' | 'N'> = {};
  for (const [col, name] of FLAGS) flags[name] = c[col] ? 'Y' : 'N';
  return {
    Company_Name: (c.company_name as string) ?? '',
    Company_ShortName: (c.company_shortname as string) ?? '',
    Company_Name_En: (c.company_name_en as string) ?? '',
    Service_Phone: (c.service_phone as string) ?? '',
    Service_Link: (c.service_link as string) ?? '',
    SystemConfig: flags,
  };
}

function flatten(menus: UserMenu[]): Omit<UserMenu, 'children'>[] {
  return menus.flatMap(({ children, ...m }) => [m, ...flatten(children)]);
}

export function loginInfoRoutes(app: FastifyInstance, engine: Engine) {
  const db = engine.db;

  // the login page shows the company and its switches before anyone has signed in
  // Demo: the sign-in page warns that the accounts and their passwords are published
  app.get('/Company/LoginConfig', { config: { perm: { public: true } } }, async (req) =>
    ok({ ...(await companyConfig(engine)), Demo: await isDemoDatabase(db) }, requestContext(req)),
  );

  const infoConfig = { perm: { signedIn: true }, portal: true, beforePasswordChange: true } as const;
  app.get('/Base/GetLoginInfo', { config: infoConfig }, async (req) => {
    const ctx = requestContext(req);
    const me = ownUserId(req, parseWith(query, req.query, undefined, ctx.lang).User_ID);
    const { rows } = await sql<Record<string, unknown>>`SELECT u.id AS "User_ID", u.user_name AS "User_Name",
        u.user_account AS "User_Account", u.dept_id AS "Dept_ID", d.dept_name AS "Dept_Name", d.sort_no AS "Dept_Index",
        u.tel_phone AS "Tel_Phone", u.email AS "EMail", u.u_type AS "U_Type", u.menu_mode AS "Menu_Mode",
        u.factory_id AS "Factory_ID", u.data_authority AS "Data_Authority", u.pwd_changed_at AS "Pwd_Changed_At",
        u.must_change_pwd AS "Must_Change_Pwd"
      FROM users u LEFT JOIN department d ON d.id = u.dept_id WHERE u.id = ${me}`.execute(db);
    const staff = rows[0].U_Type === 1;
    const company = await companyConfig(engine);
    const menus = await userMenu(engine, req);
    const list = async (q: ReturnType<typeof sql>) => (staff ? (await q.execute(db)).rows : []);
    const dictionaries =
      (await list(sql`SELECT d.id AS "ID", d.storage_name AS "Storage_Name", d.storage_name_en AS "Storage_Name_En", d.encoding_rules AS "Encoding_Rules",
        coalesce(json_agg(json_build_object('Item_Code', i.item_code, 'Item_Name', i.item_name, 'Item_Name_En', i.item_name_en) ORDER BY i.line_no)
          FILTER (WHERE i.id IS NOT NULL), '[]') AS "Items"
      FROM data_dictionary d LEFT JOIN data_dictionary_items i ON i.parent_id = d.id AND NOT i.disabled
      GROUP BY d.id ORDER BY d.id`)) as unknown[];
    const extra: Record<string, unknown> = {};
    for (const m of engine.modules) Object.assign(extra, await m.loginInfo?.(engine, req));
    const data = {
      ...rows[0],
      Employee_ID: null,
      Company_Name: company.Company_Name,
      Company_ShortName: company.Company_ShortName,
      Company_Name_En: company.Company_Name_En,
      SystemConfig: company.SystemConfig,
      Service_Phone: company.Service_Phone,
      Service_Link: company.Service_Link,
      DataDictionary: dictionaries,
      Users:
        await list(sql`SELECT id AS "User_ID", user_name AS "User_Name", dept_id AS "Dept_ID", disabled AS "Disabled"
        FROM users WHERE u_type = 1 ORDER BY id`),
      HasUserIDEmployee: false,
      UnitGroup: [],
      UserOftenMenus: (
        await sql`SELECT menu_id AS "Menu_ID", user_id AS "User_ID", is_collect AS "Is_Collect" FROM user_often_menu
          WHERE user_id = ${me} AND is_collect`.execute(db)
      ).rows,
      Customers: [],
      Departments:
        await list(sql`SELECT id AS "Dept_ID", dept_name AS "Dept_Name", parent_id AS "Parent_ID", disabled AS "Disabled"
        FROM department ORDER BY sort_no NULLS LAST, id`),
      Employee: [],
      Location: [],
      Suppliers: [],
      SystemSettings: (
        await sql`SELECT id AS "ID", parameter_value AS "Parameter_Value" FROM system_parameter
          ${staff ? sql`` : sql`WHERE id IN (${sql.join(CLIENT_PARAMS)})`} ORDER BY id`.execute(db)
      ).rows,
      ModuleMenus: flatten(menus),
      ...extra,
    };
    return ok(data, ctx);
  });
}
