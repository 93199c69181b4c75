import type { EntityDef, Label } from '@mes/model';
import { Checkbox } from 'antd';

/** One declared scope as the toolbar shows it: ticked, and whether the page fixes it. */
export interface ScopeBox {
  name: string;
  label: string;
  checked: boolean;
  /** The page's fixed filters set this scope: the box shows their value and cannot change it. */
  fixed: boolean;
}

/**
 * A box per scope the entity declares (`scopes: { Unreversed: label }`), in declaration order. A
 * scope the page's fixed filters name is shown as they set it (`'true'` ticked), locked; the rest
 * are ticked as the user chose.
 */
export function scopeBoxes(
  def: EntityDef,
  chosen: ReadonlySet<string>,
  fixedFilters: Readonly<Record<string, string | number>> | undefined,
  label: (l: Label) => string,
): ScopeBox[] {
  return Object.entries(def.scopes).map(([name, l]) => {
    const fixed = fixedFilters !== undefined && name in fixedFilters;
    return {
      name,
      label: label(l),
      checked: fixed ? String(fixedFilters[name]) === 'true' : chosen.has(name),
      fixed,
    };
  });
}

/** The list query the user's ticked scopes add: `Unreversed=true` each (an unticked one adds nothing). */
export function scopeFilters(
  def: EntityDef,
  chosen: ReadonlySet<string>,
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const name of Object.keys(def.scopes)) if (chosen.has(name)) out[name] = 'true';
  return Object.keys(out).length ? out : undefined;
}

/** The user's ticked scopes after one box changes. */
export function withScope(chosen: ReadonlySet<string>, name: string, on: boolean): ReadonlySet<string> {
  const next = new Set(chosen);
  if (on) next.add(name);
  else next.delete(name);
  return next;
}

/** The scope boxes of a list's toolbar. */
export function ScopeChecks({
  boxes,
  onChange,
}: {
  boxes: readonly ScopeBox[];
  onChange: (name: string, on: boolean) => void;
}) {
  return (
    <>
      {boxes.map((b) => (
        <Checkbox
          key={b.name}
          checked={b.checked}
          disabled={b.fixed}
          onChange={(e) => onChange(b.name, e.target.checked)}
          data-testid={`entity-scope-${b.name}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {b.label}
        </Checkbox>
      ))}
    </>
  );
}
