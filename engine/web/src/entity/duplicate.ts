import type { EntityDef, Fields } from '@mes/model';
import type { Row } from './format';

/**
 * A record as the start of a new one (复制): what the user entered, lines included, without what the
 * server gives (key, number, version, state, read-only and computed fields, which it works out again on
 * save). The names of its references stay, so that the pickers show them before they load.
 */
export function duplicateOf(def: EntityDef, record: Row): Row {
  const copy: Row = { ...record };
  for (const k of [def.key, 'ID', 'Version', 'State', 'Tag_Value', 'Next_User_ID', 'Next_User_Name'])
    delete copy[k];
  clearReadOnly(def.fields, copy);
  const numbered = def.features.numbering?.field;
  if (numbered) copy[numbered] = null;
  for (const [key, lines] of Object.entries(def.lines)) {
    const rows = Array.isArray(record[key]) ? (record[key] as Row[]) : [];
    copy[key] = rows.map((r) => {
      const line: Row = { ...r };
      delete line.ID;
      clearReadOnly(lines.fields, line);
      return line;
    });
  }
  return copy;
}

function clearReadOnly(fields: Fields, row: Row) {
  for (const [n, f] of Object.entries(fields)) if (f.readOnly) row[n] = null;
}
