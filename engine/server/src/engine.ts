import { type ModuleManifest, Registry } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import { EntityService } from './crud/service';
import type { Db } from './db';
import { Gate, postingConcurrency } from './db/gate';
import type { Tx } from './db/tx';
import type { HooksFor } from './hooks';
import type { FileStore } from './platform/fileStore';

export interface SeedContext {
  engine: Engine;
  tx: Tx;
  ctx: RequestContext;
}

/** A module as the server sees it: its isomorphic manifest plus hooks and demo data. */
export interface ServerModule {
  manifest: ModuleManifest;
  hooks?: HooksFor[];
  /** Fills a fresh database with deterministic demo data; runs once per database. */
  seed?: (s: SeedContext) => Promise<void>;
  /** Reference data every database needs, demo or not (idempotent, runs at every start). */
  bootstrap?: (s: SeedContext) => Promise<void>;
  /** Endpoints beyond generic CRUD; each declares its permission in `config.perm`. */
  routes?: (app: FastifyInstance, engine: Engine) => Promise<void> | void;
  /** Lists this module adds to GET /Base/GetLoginInfo (Customers, Suppliers, Location...). */
  loginInfo?: (engine: Engine, req: FastifyRequest) => Promise<Record<string, unknown>>;
}

/** The running product's entities and their services over one database. */
export class Engine {
  readonly registry: Registry;
  private readonly services = new Map<string, EntityService>();
  /** Approvals that post (an onApprove or onUnapprove hook) run through it: see Gate. */
  readonly postingGate = new Gate(postingConcurrency());

  constructor(
    readonly modules: ServerModule[],
    readonly db: Db,
    /** Where uploaded files live (outside the web root): a folder, or a store chosen by configuration. */
    readonly settings: { attachmentDir: string; fileStore?: FileStore } = {
      attachmentDir: 'data/attachments',
    },
  ) {
    this.registry = new Registry(modules.map((m) => m.manifest));
    const hooks = new Map<string, HooksFor['hooks']>();
    for (const m of modules)
      for (const h of m.hooks ?? []) {
        if (!this.registry.entities.has(h.entity)) throw new Error(`Hooks for unknown entity ${h.entity}`);
        hooks.set(h.entity, h.hooks);
      }
    for (const def of this.registry.all())
      for (const scope of Object.keys(def.scopes))
        if (!hooks.get(def.name)?.scopes?.[scope])
          throw new Error(`${def.name}: scope ${scope} has no SQL in its hooks`);
    for (const def of this.registry.all())
      this.services.set(def.name, new EntityService(def, this.registry, db, hooks.get(def.name)));
    for (const s of this.services.values()) s.peers = this;
  }

  service(name: string): EntityService {
    const s = this.services.get(name);
    if (!s) throw new Error(`Unknown entity ${name}`);
    return s;
  }

  allServices(): EntityService[] {
    return [...this.services.values()];
  }
}
