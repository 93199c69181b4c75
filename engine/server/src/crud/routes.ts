import { createSchema, labelOf, listQuerySchema, updateSchema } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Button } from '../auth/grants';
import type { RecordInput } from '../auth/plugin';
import type { Row } from '../db';
import { AppError } from '../errors';
import { ok, requestContext } from '../http/envelope';
import { lookupQuery, lookupView as pickerView } from './lookup';
import type { EntityService } from './service';

export function parseId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new AppError('invalid_id', { id: raw.slice(0, 40) });
  return Number(raw);
}

function doc(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** The five routes of DESIGN.md §4 for one declared entity; no entity writes its own. */
export function registerCrud(app: FastifyInstance, svc: EntityService) {
  const def = svc.def;
  const base = `/${def.name}`;
  const tags = [def.name];
  const summary = (zh: string) => `${labelOf(def.label, 'zh')} ${zh}`;
  const idParam = { type: 'object', properties: { id: { type: 'integer' } } };

  // what a picker needs: the key, the display field, and whether the record is still in use
  const lookupView = (r: Row): Row => pickerView(def, r);
  const byParam: RecordInput[] = [{ entity: def.name, in: 'params', key: 'id' }];
  const perm = (button: Button, records: RecordInput[] = [], lookup = false) => ({
    perm: { entity: def.name, button },
    records,
    lookup,
  });

  app.get(
    base,
    {
      config: perm('view', [], true),
      schema: { tags, summary: summary('列表'), querystring: doc(listQuerySchema(def)) },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = svc.parseQuery(req.query, ctx);
      const asked = 'Sort' in (req.query as Record<string, unknown>);
      const lookup = req.auth?.lookupOnly;
      const { rows, paging } = await svc.list(
        lookup ? lookupQuery(def, q, asked) : q,
        undefined,
        req.auth?.scope,
      );
      return ok(req.auth?.lookupOnly ? rows.map(lookupView) : rows, ctx, paging);
    },
  );

  app.get(
    `${base}/:id`,
    { config: perm('view', byParam, true), schema: { tags, summary: summary('详情'), params: idParam } },
    async (req) => {
      const ctx = requestContext(req);
      const rec = await svc.mustGet(
        parseId((req.params as { id: string }).id),
        undefined,
        false,
        req.auth?.scope,
      );
      return ok(req.auth?.lookupOnly ? lookupView(rec) : rec, ctx);
    },
  );

  if (def.kind === 'log') return;

  app.post(
    base,
    { config: perm('add'), schema: { tags, summary: summary('新增'), body: doc(createSchema(def)) } },
    async (req) => {
      const ctx = requestContext(req);
      return ok(await svc.insert(req.body, ctx), ctx);
    },
  );

  app.put(
    base,
    {
      config: perm('edit', [{ entity: def.name, in: 'body', key: def.key }]),
      schema: { tags, summary: summary('修改'), body: doc(updateSchema(def)) },
    },
    async (req) => {
      const ctx = requestContext(req);
      return ok(await svc.modify(req.body, ctx), ctx);
    },
  );

  app.delete(
    `${base}/:id`,
    { config: perm('delete', byParam), schema: { tags, summary: summary('删除'), params: idParam } },
    async (req) => {
      const ctx = requestContext(req);
      await svc.remove(parseId((req.params as { id: string }).id), ctx);
      return ok(null, ctx);
    },
  );
}
