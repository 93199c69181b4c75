import { columnOf, type EntityDef, STATE } from '@mes/model';
import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { type Button, EntityAccess } from '../auth/grants';
import { dataScope } from '../auth/plugin';
import type { Engine } from '../engine';
import { AppError, forbidden } from '../errors';

/** Routes whose entity comes from the request (a menu id, a table name) check the grant here. */
export class RequestAccess {
  private readonly access: EntityAccess;
  constructor(private readonly engine: Engine) {
    this.access = new EntityAccess(engine.registry);
  }

  entity(req: FastifyRequest, name: string, button: Button): EntityDef {
    const def = this.engine.registry.entities.get(name);
    if (!def) throw new AppError('not_found', {}, 404);
    // a page that only picks this entity may look its names up, not reach its files, columns or prints
    const decision = req.auth ? this.access.decide(req.auth.grants, def.name, button) : false;
    if (!decision || decision === 'lookup') throw forbidden();
    return def;
  }

  /** The user's data authority on the entity's records (null: all of them). */
  scope(req: FastifyRequest, def: EntityDef) {
    return req.auth ? dataScope(def, req.auth) : null;
  }

  /** Whether the user may list the entity at all, names only (a lookup) included. */
  mayList(req: FastifyRequest, name: string): boolean {
    return !!req.auth && !!this.access.decide(req.auth.grants, name, 'view');
  }

  /** The entity a menu page shows; the menu must be one the user may open. */
  async menuEntity(
    req: FastifyRequest,
    menuId: number,
    button: Button,
  ): Promise<{ def: EntityDef; code: string }> {
    const { rows } = await sql<{ menu_code: string; entity_name: string | null }>`
      SELECT menu_code, entity_name FROM module_menu WHERE id = ${menuId} AND menu_type = 3`.execute(
      this.engine.db,
    );
    const m = rows[0];
    if (!m?.entity_name || !req.auth || !EntityAccess.canOpen(req.auth.grants, m.menu_code))
      throw new AppError('menu_not_found', {}, 404);
    return { def: this.entity(req, m.entity_name, button), code: m.menu_code };
  }
}

/**
 * The rows of an entity named by their document numbers (print, tags), or null when the entity does
 * not number its rows. A void document is not reached by its number: a number can be taken again
 * once its document is void, and the number's unique index leaves void documents out, so it serves
 * the lookup only when the lookup leaves them out too (otherwise each lookup read the whole table).
 */
export function idsByNumberSql(def: EntityDef, numbers: string[]): RawBuilder<{ id: number }> | null {
  const field = def.features.numbering?.field;
  if (!field || !numbers.length) return null;
  return sql<{ id: number }>`SELECT id FROM ${sql.table(def.table)}
    WHERE ${sql.ref(columnOf(field))} IN (${sql.join(numbers)})
      ${def.kind === 'document' ? sql`AND state <> ${sql.lit(STATE.VOID)}` : sql``}`;
}
