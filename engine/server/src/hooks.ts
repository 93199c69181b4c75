import type { EntityDef, Registry } from '@mes/model';
import type { RawBuilder } from 'kysely';
import type { TxContext } from './context';
import type { Row } from './db';

/** What a hook gets besides the data: who acts, the transaction, and the product's entities. */
export interface HookContext extends TxContext {
  registry: Registry;
  /**
   * Nothing follows the hook in its transaction: the hook's last statement may carry the COMMIT
   * (andCommit). Set for onApprove.
   */
  last?: boolean;
  /** Given to onApprove of hooks that carry the approval (EntityHooks.carriesApproval). */
  approval?: ApprovalWrites;
}

/**
 * The approval's own writes (the document's state, its history, the log, the to-dos it ends), for
 * the posting's last statement to carry: the document row is updated once, with `set` (columns of
 * the document the posting changes, by SQL name), and the approval takes no round trip of its own.
 */
export interface ApprovalWrites {
  /** To be called once, its statements sent in the hook's last statement (each a CTE body). */
  writes(set?: Record<string, unknown>): RawBuilder<unknown>[];
}

/**
 * Behaviour of one entity, kept in its `<entity>.server.ts`. Each hook receives the incoming data
 * (already validated by the declaration's schema) and the stored record when there is one.
 */
export interface EntityHooks {
  /** Business rules; throw an AppError to refuse. */
  validate?(ctx: HookContext, data: Row, old: Row | null): Promise<void> | void;
  /** Last changes to the data before it is written (computed fields). */
  beforeSave?(ctx: HookContext, data: Row, old: Row | null): Promise<void> | void;
  /**
   * Lines read from a sheet (导入明细) before they go back to the form: fill what a save would
   * derive from the database (a stocktake's book quantity), so that the form shows it at once.
   * Read-only: nothing is saved.
   */
  linesImported?(ctx: HookContext, lines: string, rows: Row[]): Promise<void> | void;
  /** Work that must happen in the same transaction once the record is written. */
  afterSave?(ctx: HookContext, record: Row, old: Row | null): Promise<void> | void;
  beforeDelete?(ctx: HookContext, old: Row): Promise<void> | void;
  /**
   * The document reached state 3 (approved): post it (stock, ledgers...). A hook that changes the
   * record may answer it as it left it (the record given, changed in memory, exactly as a read
   * would show it): the approval then answers that instead of reading the record again after the
   * commit.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most hooks answer nothing and just return
  onApprove?(ctx: HookContext, record: Row): Promise<Row | void> | Row | void;
  /**
   * onApprove writes the approval itself (ctx.approval) in its last statement: the record it gets
   * is read under lock and shown as approved, but the document's state is written with the posting.
   */
  carriesApproval?: boolean;
  /** Refuse an UnApprove when a later document depends on this one. */
  beforeUnapprove?(ctx: HookContext, record: Row): Promise<void> | void;
  /** Back to draft: reverse what onApprove posted (new rows, never updates). */
  onUnapprove?(ctx: HookContext, record: Row): Promise<void> | void;
  /** The SQL of each scope the entity declares: a condition on the list's row `t`. */
  scopes?: Record<string, RawBuilder<boolean>>;
}

export interface HooksFor {
  entity: string;
  hooks: EntityHooks;
}

export function defineHooks(def: EntityDef, hooks: EntityHooks): HooksFor {
  return { entity: def.name, hooks };
}
