import type { EntityDef, FieldDef } from '@mes/model';
import type { FormValues } from './payload';

/**
 * What a page's fixed filters give a new record: a page that shows a slice of an entity (报废, the
 * stock documents of type scrap) creates records inside its slice, with those fields set and locked.
 * Only equality on an editable declared field counts (`Doc_Type`, not `Qty__gt` or a scope); the
 * value comes as the form holds it (ids and enum values as numbers, booleans as booleans).
 */
export function presetValues(
  def: EntityDef,
  filters?: Readonly<Record<string, string | number>>,
): FormValues | undefined {
  const out: FormValues = {};
  for (const [name, raw] of Object.entries(filters ?? {})) {
    const f = def.fields[name];
    if (!f || f.readOnly || name.includes('__')) continue;
    const v = presetOf(f, raw);
    if (v !== undefined) out[name] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

function presetOf(f: FieldDef, raw: string | number): unknown {
  switch (f.kind) {
    case 'int':
    case 'enum':
    case 'ref': {
      const n = Number(raw);
      return Number.isInteger(n) ? n : undefined;
    }
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    default:
      return String(raw);
  }
}
