import type { EntityDef } from './entity';
import { STATE } from './wire';

/** Actions whose availability depends on the record's state (issue 25 bug 12). */
export type RuledAction = 'edit' | 'delete' | 'unapprove';

/** Whether an action is possible on a record now, from its wire row: pure, shared by web and server. */
export type RowRule = (row: Readonly<Record<string, unknown>>) => boolean;

/**
 * The one rule for whether `action` is possible on `row`: the engine's own (a document is changed
 * or voided only as a draft, unapproved only when approved) and then the entity's declared
 * `allows`. The web hides what it refuses; the server refuses the same (crud and approval services).
 */
export function allows(def: EntityDef, action: RuledAction, row: Readonly<Record<string, unknown>>): boolean {
  if (def.kind === 'document') {
    const state = Number(row.State);
    if ((action === 'edit' || action === 'delete') && state !== STATE.DRAFT) return false;
    if (action === 'unapprove' && state !== STATE.APPROVED) return false;
  }
  return def.allows?.[action]?.(row) ?? true;
}
