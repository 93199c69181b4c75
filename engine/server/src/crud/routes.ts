import { createSchema, type EntityDef, labelOf, listQuerySchema, updateSchema } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { ok, requestContext } from '../http/envelope';
import type { EntityService } from './service';

export function parseId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new AppError('invalid_id', { id: raw.slice(0, 40) });
  return Number(raw);
}

/** What a route does, so that a guard can decide per entity and action. */
export type CrudAction = 'list' | 'get' | 'add' | 'edit' | 'delete';
export type Guard = (req: FastifyRequest, def: EntityDef, action: CrudAction) => Promise<void> | void;

function doc(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** The five routes of DESIGN.md §4 for one declared entity; no entity writes its own. */
export function registerCrud(app: FastifyInstance, svc: EntityService, guard: Guard) {
  const def = svc.def;
  const base = `/${def.name}`;
  const tags = [def.name];
  const summary = (zh: string) => `${labelOf(def.label, 'zh')} ${zh}`;
  const idParam = { type: 'object', properties: { id: { type: 'integer' } } };

  app.get(base, { schema: { tags, summary: summary('列表'), querystring: doc(listQuerySchema(def)) } }, async (req) => {
    await guard(req, def, 'list');
    const ctx = requestContext(req);
    const { rows, paging } = await svc.list(svc.parseQuery(req.query, ctx));
    return ok(rows, ctx, paging);
  });

  app.get(`${base}/:id`, { schema: { tags, summary: summary('详情'), params: idParam } }, async (req) => {
    await guard(req, def, 'get');
    const ctx = requestContext(req);
    return ok(await svc.mustGet(parseId((req.params as { id: string }).id)), ctx);
  });

  if (def.kind === 'log') return;

  app.post(base, { schema: { tags, summary: summary('新增'), body: doc(createSchema(def)) } }, async (req) => {
    await guard(req, def, 'add');
    const ctx = requestContext(req);
    return ok(await svc.insert(req.body, ctx), ctx);
  });

  app.put(base, { schema: { tags, summary: summary('修改'), body: doc(updateSchema(def)) } }, async (req) => {
    await guard(req, def, 'edit');
    const ctx = requestContext(req);
    return ok(await svc.modify(req.body, ctx), ctx);
  });

  app.delete(`${base}/:id`, { schema: { tags, summary: summary('删除'), params: idParam } }, async (req) => {
    await guard(req, def, 'delete');
    const ctx = requestContext(req);
    await svc.remove(parseId((req.params as { id: string }).id), ctx);
    return ok(null, ctx);
  });
}
