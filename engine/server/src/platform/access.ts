import type { EntityDef } from '@mes/model';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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
