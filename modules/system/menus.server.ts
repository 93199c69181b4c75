import type { SeedContext } from '@mes/engine-server';
import { sql } from 'kysely';
import { menuRows } from './logic/menus';

/** The menu table follows the code at every start: rows are added or updated by menu code. */
export async function bootstrapMenus({ engine, tx }: SeedContext) {
  const rows = menuRows(engine.registry.modules, engine.registry);
  for (const r of rows)
    await sql`INSERT INTO module_menu (menu_code, menu_name, menu_name_en, menu_type, ser_no, route, icon, buttons, entity_name)
      VALUES (${r.code}, ${r.name}, ${r.nameEn}, ${r.type}, ${r.ser}, ${r.route}, ${r.icon}, ${r.buttons}, ${r.entity})
      ON CONFLICT (menu_code) DO UPDATE SET menu_name = excluded.menu_name, menu_name_en = excluded.menu_name_en,
        menu_type = excluded.menu_type, ser_no = excluded.ser_no, route = excluded.route, icon = excluded.icon,
        buttons = excluded.buttons, entity_name = excluded.entity_name`.execute(tx);
  // parents by code, once every row exists
  for (const r of rows)
    await sql`UPDATE module_menu SET parent_menu_id = (SELECT id FROM module_menu p WHERE p.menu_code = ${r.parent})
      WHERE menu_code = ${r.code}`.execute(tx);
}
