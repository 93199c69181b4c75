import { type EntityDef, STATE } from '@mes/model';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { SessionUser } from '../context';
import type { Engine } from '../engine';
import { AppError, forbidden } from '../errors';
import { requestContext } from '../http/envelope';
import { writeLog } from '../oplog';
import { type Button, EntityAccess, type Grants, grantsOf } from './grants';
import { resolveSession, type SessionRow } from './session';
import { tokenFromCookie, tokenFromHeader } from './tokens';

/**
 * The condition on `t` a user's data authority puts on documents (own records, own department's), or
 * null when it covers all. Routes whose entity comes from the request (print, attachments) ask here.
 */
export function dataScope(
  def: EntityDef,
  auth: Pick<AuthState, 'session' | 'grants'>,
): RawBuilder<unknown> | null {
  const s = auth.session;
  if (def.kind !== 'document' || auth.grants.isAdmin || s.data_authority === 3) return null;
  return s.data_authority === 1
    ? sql`t.created_by = ${s.user_id}`
    : sql`t.created_by IN (SELECT id FROM users WHERE dept_id = ${s.dept_id ?? -1})`;
}

/** What a route needs; every route declares one (checked when the route is registered). */
export type Perm =
  | { public: true }
  | { signedIn: true }
  | { entity: string; button: Button }
  | { menu: string; button?: Button };

/**
 * A record id a route reads from its request, and whose record it names. The engine refuses (404) a
 * request naming a record outside the user's data authority before the handler runs, so a custom
 * route reaches only what `GET /{Entity}/{id}` would show. Every route declares the ids it takes
 * (`records: []` when none): the generated test fails for a route that declares nothing.
 */
export interface RecordInput {
  entity: string;
  /** A path parameter, a query parameter or a body field: one id, a list of ids, or ids joined by commas. */
  in: 'params' | 'query' | 'body';
  key: string;
}

export interface AuthState {
  session: SessionRow;
  token: string;
  grants: Grants;
  /** Limits lists and reads of documents to what the user's data authority covers. */
  scope: RawBuilder<unknown> | null;
  /** The grant covers only records the user created. */
  ownOnly: boolean;
  /** Reached only as a lookup from another page: answers carry the key and display field only. */
  lookupOnly: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    perm?: Perm;
    /** Also accept the session from the cookie: files opened by <img> or a link send no header. */
    cookieAuth?: boolean;
    /**
     * Supplier portal users (U_Type 2) may call this route. They reach nothing else but public
     * routes, whatever their roles grant: internal data never depends on a role being set up right.
     */
    portal?: boolean;
    /** The record ids the route takes, see RecordInput. */
    records?: RecordInput[];
    /**
     * Serves other pages' pickers: a user who may only look the entity up reaches it (and gets names
     * only). Any other route of the entity refuses look-up-only access.
     */
    lookup?: boolean;
    /**
     * A session whose password must be changed first (an initial or reset one) may call this route;
     * it reaches no other (ChangePwd, GetLoginInfo, Logout).
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyInstance {
    /** Every API route with its permission, for the generated permission tests and the docs. */
    permRoutes: {
      method: string;
      url: string;
      perm: Perm;
      portal: boolean;
      records?: RecordInput[];
      lookup: boolean;
    }[];
  }
}

export const USER_TYPE = { STAFF: 1, SUPPLIER: 2 } as const;

/**
 * For routes outside the permission scheme that still need a signed-in staff user (the API docs):
 * the session from the header or, for a page the browser opens, the cookie.
 */
export function signedInHook(engine: Engine) {
  return async (req: FastifyRequest) => {
    const token = tokenFromHeader(req.headers.authorization) ?? tokenFromCookie(req.headers.cookie);
    if (!token) throw new AppError('unauthorized', {}, 401, 401);
    const found = await resolveSession(engine.db, token);
    if (!found.ok)
      throw new AppError(found.reason === 'expired' ? 'session_expired' : 'unauthorized', {}, 401, 401);
    if (found.session.must_change_pwd) throw passwordChangeRequired();
    if (found.session.u_type !== USER_TYPE.STAFF) throw forbidden();
  };
}

const passwordChangeRequired = () =>
  new AppError('password_change_required', {}, 403, 403).withData({ Key: 'password_change_required' });

/** Routes of the API docs and of the static web files need no declaration. */
function isInfra(url: string, method: string | string[]): boolean {
  const methods = Array.isArray(method) ? method : [method];
  if (url.startsWith('/docs')) return true;
  return methods.every((m) => m === 'GET' || m === 'HEAD') && /\.[a-z0-9]{2,5}$/i.test(url);
}

export function installAuth(app: FastifyInstance, engine: Engine) {
  const access = new EntityAccess(engine.registry);
  app.decorateRequest('auth', null);
  const routes: FastifyInstance['permRoutes'] = [];
  app.decorate('permRoutes', routes);

  app.addHook('onRoute', (r) => {
    const config = r.config as FastifyContextConfig | undefined;
    const perm = config?.perm;
    if (!perm && !isInfra(r.url, r.method))
      throw new Error(`Route ${String(r.method)} ${r.url} declares no permission`);
    if (perm)
      for (const m of [r.method].flat())
        if (m !== 'HEAD')
          routes.push({
            method: m,
            url: r.url,
            perm,
            portal: !!config?.portal,
            records: config?.records,
            lookup: !!config?.lookup,
          });
  });

  const deny = async (req: FastifyRequest, what: string) => {
    const ctx = requestContext(req);
    await writeLog(
      { ...ctx, tx: engine.db },
      'denied',
      what,
      null,
      `${req.method} ${req.url.split('?')[0]}`,
    ).catch(() => undefined);
    throw forbidden();
  };

  app.addHook('onRequest', async (req) => {
    const perm = req.routeOptions.config?.perm;
    if (!perm || 'public' in perm) return;
    const token =
      tokenFromHeader(req.headers.authorization) ??
      (req.routeOptions.config?.cookieAuth ? tokenFromCookie(req.headers.cookie) : null);
    if (!token) throw new AppError('unauthorized', {}, 401, 401);
    const found = await resolveSession(engine.db, token);
    if (!found.ok)
      throw new AppError(found.reason === 'expired' ? 'session_expired' : 'unauthorized', {}, 401, 401);
    const s = found.session;
    const grants = grantsOf(s.grant_rows);
    req.user = { User_ID: s.user_id, User_Name: s.user_name } satisfies SessionUser;
    req.auth = { session: s, token, grants, scope: null, ownOnly: false, lookupOnly: false };
    if (s.must_change_pwd && !req.routeOptions.config?.beforePasswordChange) throw passwordChangeRequired();
    if (s.u_type === USER_TYPE.SUPPLIER && !req.routeOptions.config?.portal) await deny(req, 'portal');
    if ('signedIn' in perm) return;
    if ('menu' in perm) {
      const g = grants.menus.get(perm.menu);
      const ok =
        grants.isAdmin || (g && (!perm.button || perm.button === 'view' || g.buttons.has(perm.button)));
      if (!ok) await deny(req, perm.menu);
      return;
    }
    const decision = access.decide(grants, perm.entity, perm.button);
    if (!decision || (decision === 'lookup' && !req.routeOptions.config?.lookup))
      await deny(req, perm.entity);
    req.auth.ownOnly = decision === 'own';
    req.auth.lookupOnly = decision === 'lookup';
    req.auth.scope = dataScope(engine.registry.get(perm.entity), req.auth);
  });

  // the records a route declares it takes: one outside the data authority is not there
  app.addHook('preHandler', async (req) => {
    const auth = req.auth;
    if (!auth) return;
    for (const input of req.routeOptions.config?.records ?? []) {
      const def = engine.registry.get(input.entity);
      const scope = dataScope(def, auth);
      const ids = scope ? idsOf(requestPart(req, input.in)?.[input.key]) : [];
      if (!ids.length) continue;
      const { rows } = await sql<{ id: number }>`SELECT t.id FROM ${sql.table(def.table)} AS t
        WHERE t.id = ANY(${ids}) AND NOT coalesce(${scope}, FALSE) LIMIT 1`.execute(engine.db);
      if (rows.length) throw new AppError('not_found', {}, 404);
    }
  });

  // record rules: an own-records grant edits only its own
  app.addHook('preHandler', async (req) => {
    const perm = req.routeOptions.config?.perm;
    const auth = req.auth;
    if (!auth || !perm || !('entity' in perm) || perm.button === 'view' || perm.button === 'add') return;
    if (!auth.ownOnly && !auth.scope) return;
    const def = engine.registry.get(perm.entity);
    const raw =
      (req.params as { id?: string }).id ?? (req.body as Record<string, unknown> | undefined)?.[def.key];
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id < 1) return;
    const { rows } = await sql<{ created_by: number | null; state: number; visible: boolean }>`
      SELECT t.created_by, t.state, ${auth.scope ?? sql`TRUE`} AS visible FROM ${sql.table(def.table)} AS t
      WHERE t.id = ${id}`.execute(engine.db);
    const r = rows[0];
    if (!r) return;
    if (!r.visible) throw new AppError('not_found', {}, 404);
    if (auth.ownOnly && r.created_by !== auth.session.user_id && r.state !== STATE.VOID)
      await deny(req, def.name);
  });
}

function requestPart(req: FastifyRequest, part: RecordInput['in']): Record<string, unknown> | undefined {
  const v = part === 'params' ? req.params : part === 'query' ? req.query : req.body;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

/** The well-formed ids of a value; anything else is left to the route's own validation. */
function idsOf(v: unknown): number[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  const ids = list
    .map((x) => (typeof x === 'string' && /^\s*\d{1,15}\s*$/.test(x) ? Number(x) : x))
    .filter((x): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0);
  return [...new Set(ids)];
}
