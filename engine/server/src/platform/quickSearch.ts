import {
  displayNameOf,
  type Lang,
  labelOf,
  localText,
  type QuickSearchGroup,
  type QuickSearchHit,
  type Registry,
} from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EntityAccess } from '../auth/grants';
import { dataScope } from '../auth/plugin';
import type { Row } from '../db';
import type { Engine } from '../engine';
import { ok, requestContext } from '../http/envelope';
import { parseWith } from '../validation';

/** Hits per entity: a type-ahead shows a few of each; the full results page lists more. */
const PER_ENTITY = 5;
/** Counting stops here: the box says "50+" rather than scanning a million-row table. */
const COUNT_TO = 50;

const query = z.object({
  q: z.string().trim().min(1).max(100),
  PerEntity: z.coerce.number().int().min(1).max(20).default(PER_ENTITY),
});

/** The entities a search can open: each is the list of a menu page and declares what its keyword searches. */
function searchable(registry: Registry): { entity: string; pages: string[] }[] {
  const pages = new Map<string, string[]>();
  for (const mod of registry.modules)
    for (const group of mod.menu)
      for (const page of group.pages) {
        if (!page.entity || !registry.entities.has(page.entity)) continue;
        const def = registry.get(page.entity);
        // the operation log would echo every record back as raw history: not a document to find
        if (def.kind === 'log' || !def.api || def.list.search.length === 0) continue;
        pages.set(page.entity, [...(pages.get(page.entity) ?? []), page.code]);
      }
  return [...pages].map(([entity, codes]) => ({ entity, pages: codes }));
}

function hitOf(registry: Registry, entity: string, row: Row, lang: Lang): QuickSearchHit {
  const def = registry.get(entity);
  const detail = def.list.search
    .filter((name) => {
      const f = def.fields[name];
      // an English companion is read through its Chinese field
      return name !== def.display && !(f?.kind === 'text' && f.englishOf);
    })
    .map((name) => {
      const f = def.fields[name];
      // a searched reference shows its record's name, not its id; a bilingual name in the reader's language
      return localText(row, f?.kind === 'ref' ? displayNameOf(name, f) : name, lang);
    })
    .filter((v) => v !== null && v !== undefined && v !== '')
    .slice(0, 2)
    .map((v) => String(v).slice(0, 60))
    .join(' · ');
  const id = Number(row[def.key]);
  return {
    ID: id,
    Text: String(row[def.display] ?? id),
    Detail: detail,
    State: (row.State as number) ?? null,
  };
}

/**
 * GET /QuickSearch?q=: a few records of every entity the user may open whose keyword search matches,
 * BOMs and SOWs as much as stock documents. Each entity is read with the user's grants and data
 * authority, exactly as its own list would answer; an entity the user may only pick is left out.
 */
export function quickSearchRoutes(app: FastifyInstance, engine: Engine) {
  const access = new EntityAccess(engine.registry);
  const entities = searchable(engine.registry);
  app.get(
    '/QuickSearch',
    {
      config: { perm: { signedIn: true }, records: [] },
      schema: { tags: ['shell'], summary: '快速搜索' },
    },
    async (req) => {
      const ctx = requestContext(req);
      const { q, PerEntity } = parseWith(query, req.query, undefined, ctx.lang);
      const auth = req.auth;
      if (!auth) return ok([], ctx);
      const groups: QuickSearchGroup[] = [];
      // one after the other: PGlite has one connection, and a server pool is not flooded by one box
      for (const { entity, pages } of entities) {
        if (access.decide(auth.grants, entity, 'view') !== 'all') continue;
        const menu = auth.grants.isAdmin ? pages[0] : pages.find((p) => auth.grants.menus.has(p));
        if (!menu) continue;
        const svc = engine.service(entity);
        const { rows, paging } = await svc.list(
          svc.parseQuery({ Page: 1, PageSize: PerEntity, KeyWord: q }, ctx),
          undefined,
          dataScope(svc.def, auth),
          COUNT_TO,
        );
        if (!rows.length) continue;
        groups.push({
          Entity_Name: entity,
          Menu_Code: menu,
          Label: labelOf(svc.def.label, ctx.lang),
          TotalCount: paging.TotalCount,
          Capped: !!paging.Capped,
          Hits: rows.map((r) => hitOf(engine.registry, entity, r, ctx.lang)),
        });
      }
      return ok(groups, ctx);
    },
  );
}
