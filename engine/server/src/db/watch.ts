import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * The tables whose rows the server keeps for a while: what a session lookup reads (the session, its
 * user, the user's roles and their grants, and the idle-timeout parameter) and the custom-field
 * settings. A write to any of them moves the generation, and what was read under an older one is not
 * used again (`auth/session.ts`, `platform/customFields.ts`).
 */
const CACHED_TABLES = new Set([
  'menu_extend',
  'menu_extend_enum_option_list',
  'user_session',
  'users',
  'users_roles',
  'role',
  'role_grants',
  'module_menu',
  'system_parameter',
]);

let generation = 0;
let bumpedAt = 0;

/** Process-wide: over-invalidating another database's cache is harmless, missing a write is not. */
export const cacheGeneration = (): number => generation;
export const bumpCacheGeneration = (): void => {
  generation++;
  bumpedAt = Date.now();
};

/**
 * A read inside a transaction may see that transaction's own uncommitted writes: such reads are
 * kept only when no cached table was written for a while (longer than any of our transactions).
 */
const cacheQuiet = (): boolean => Date.now() - bumpedAt > 10_000;

type Entry<V> = { value: V; gen: number; at: number };

/**
 * Values read from the cached tables, per owner (a database or an engine) and key. The generation
 * is taken before the read, and the value kept only if no cached table was written meanwhile, so a
 * value is never filed under a generation newer than its data.
 */
export class WatchedCache<V> {
  private readonly owners = new WeakMap<object, Map<string, Entry<V>>>();

  /**
   * ttlMs bounds how late another process's write is seen; max bounds the entries per owner;
   * quietOnly keeps a value only after a quiet spell (for reads made inside a transaction).
   */
  constructor(private readonly opts: { ttlMs?: number; max?: number; quietOnly?: boolean } = {}) {}

  async get(
    owner: object,
    key: string,
    load: () => Promise<V>,
    keep: (v: V) => boolean = () => true,
  ): Promise<V> {
    const map = this.owners.get(owner) ?? new Map<string, Entry<V>>();
    this.owners.set(owner, map);
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.gen === generation && (this.opts.ttlMs === undefined || now - hit.at < this.opts.ttlMs))
      return hit.value;
    const gen = generation;
    const value = await load();
    map.delete(key);
    if (keep(value) && gen === generation && (!this.opts.quietOnly || cacheQuiet())) {
      if (this.opts.max !== undefined && map.size >= this.opts.max)
        map.delete(map.keys().next().value as string);
      map.set(key, { value, gen, at: now });
    }
    return value;
  }
}

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  // sql.table(x) inside a raw statement is a raw node around the table
  if (n.kind === 'RawNode' && (n.parameters as unknown[]).length === 1)
    return tableName((n.parameters as unknown[])[0]);
  if (n.kind === 'TableNode') return ((n.table as Node).identifier as { name?: string } | undefined)?.name;
  return undefined;
}

// the session lookup's own once-a-minute touch changes nothing a session is resolved from
const TOUCH = 'UPDATE user_session SET last_seen = now() WHERE id = ';

// the table after a writing verb; "FOR UPDATE OF t" and "DO UPDATE SET" name none of ours
const WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(\w*)/gi;

export function writesCached(node: RootOperationNode): boolean {
  const n = node as unknown as Node;
  switch (n.kind) {
    case 'InsertQueryNode':
      return CACHED_TABLES.has(tableName(n.into) ?? '');
    case 'UpdateQueryNode':
      return CACHED_TABLES.has(tableName(n.table) ?? '');
    case 'DeleteQueryNode':
      return ((n.from as { froms?: unknown[] } | undefined)?.froms ?? []).some((f) =>
        CACHED_TABLES.has(tableName(f) ?? ''),
      );
    case 'RawNode': {
      const fragments = n.sqlFragments as readonly string[];
      if (fragments[0]?.startsWith(TOUCH)) return false;
      const params = n.parameters as unknown[];
      return fragments.some((f, i) => {
        for (const m of f.matchAll(WRITE)) {
          // `UPDATE ${sql.table(x)}`: the table is the parameter after this fragment
          const name = m[1] || (m.index + m[0].length === f.length ? tableName(params[i]) : undefined);
          if (name && CACHED_TABLES.has(name.toLowerCase())) return true;
        }
        return false;
      });
    }
    default:
      return false;
  }
}

/**
 * Moves the cache generation when a statement writes a cached table: once when it is sent and once
 * when it returns (after the commit of a statement outside a transaction). `withTx` moves it again
 * when a transaction that saw such a write ends, so that a session read before that commit is not
 * kept after it.
 */
export class CachedTablesPlugin implements KyselyPlugin {
  private readonly pending = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesCached(args.node)) {
      bumpCacheGeneration();
      this.pending.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) bumpCacheGeneration();
    return args.result;
  }
}
