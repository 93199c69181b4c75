import { codeFieldOf, type EntityDef } from '@mes/model';
import { message } from 'antd';
import type { TFunction } from 'i18next';
import type { Row } from './format';

/** What a user did to a record, as the one toast after it says it. */
export type DoneAction =
  | 'create'
  | 'save'
  | 'delete'
  | 'void'
  | 'approve'
  | 'unapprove'
  | 'reject'
  | 'transfer'
  | 'complete'
  | 'submit'
  | 'withdraw'
  | 'duplicate';

/** Success toasts stay 2 s (spec part 1 §9). */
export const DONE_TOAST_SECONDS = 2;

/**
 * How people name a record: its document number, else its code and name, else its name; the
 * internal id only when it has none of these (a record not yet numbered).
 */
export function recordName(def: EntityDef, record: Row | undefined): string {
  if (!record) return '';
  const text = (f: string | undefined) => {
    const v = f ? record[f] : undefined;
    return v === null || v === undefined ? '' : String(v).trim();
  };
  const number = text(def.features.numbering?.field);
  if (number) return number;
  const parts = [text(codeFieldOf(def)), text(def.display)].filter(Boolean);
  if (parts.length) return [...new Set(parts)].join(' ');
  const id = text(def.key);
  return id ? `#${id}` : '';
}

/** "已审核 IV2026110055" / "Approved IV2026110055": what was done, to which record. */
export function doneText(t: TFunction, action: DoneAction, def: EntityDef, record: Row | undefined): string {
  return t(`done.${action}`, { what: recordName(def, record) }).trim();
}

/**
 * Says what an action did, once: the toast is keyed by the record and the action, so that a second
 * report of the same event (a mutation's callback and its caller) replaces it instead of stacking.
 */
export function announceDone(
  t: TFunction,
  action: DoneAction,
  def: EntityDef,
  record: Row | undefined,
): string {
  const content = doneText(t, action, def, record);
  const key = `done:${def.name}:${String(record?.[def.key] ?? 'new')}:${action}`;
  void message.success({ content, key, duration: DONE_TOAST_SECONDS });
  return content;
}

/** A document is voided, a master record deleted: the word says which. */
export const removeAction = (def: EntityDef): DoneAction => (def.kind === 'document' ? 'void' : 'delete');
