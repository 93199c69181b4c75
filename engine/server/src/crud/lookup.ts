import { type EntityDef, englishNameOf, type ListQuery } from '@mes/model';
import type { Row } from '../db';
import { AppError } from '../errors';

/**
 * What a user reads of an entity they may only pick from another page: the key, the display field,
 * and whether the record is still in use.
 */
export function lookupFields(def: EntityDef): string[] {
  const out = [def.key, def.display, 'State'];
  // a bilingual name is picked in the reader's language
  const en = englishNameOf(def.display);
  if (def.fields[en]) out.push(en);
  if ('Disabled' in def.fields) out.push('Disabled');
  return out;
}

export function lookupView(def: EntityDef, r: Row): Row {
  return Object.fromEntries(lookupFields(def).map((f) => [f, r[f]]));
}

/**
 * A look-up's list query: it filters and sorts only by the fields it reads, since a range filter or
 * a sort on a hidden field recovers the hidden value one comparison at a time; its keyword searches
 * the display field only (the list's keyword also searches e.g. a user's e-mail). `sortAsked`: the
 * client chose the order (the declared default order stays, as it does not answer a question).
 */
export function lookupQuery(def: EntityDef, q: ListQuery, sortAsked: boolean): ListQuery {
  const fields = lookupFields(def);
  const hidden = q.filters.map((f) => f.field).filter((f) => !fields.includes(f));
  if (sortAsked && !fields.includes(q.Sort.field)) hidden.push(q.Sort.field);
  if (hidden.length) throw new AppError('lookup_only', { fields: fields.join(', ') }).at(hidden[0]);
  if (!q.KeyWord) return q;
  return {
    ...q,
    KeyWord: undefined,
    filters: [...q.filters, { field: def.display, op: 'like', value: q.KeyWord }],
  };
}
