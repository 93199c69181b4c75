import { type EntityDef, totalled } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi, useRegistry } from './context';
import type { Row } from './format';
import { isQuantity, type UnitOf, type UnitSource, unitOf, unitSourceOf } from './totals';

/** The server takes at most this many values in one `__in` filter (schema.ts). */
const IN_LIMIT = 100;
/** Units of materials hardly change while a list is open. */
const UNITS_STALE_MS = 5 * 60_000;

/**
 * The unit of each row on the page, for the 合计 row. A unit referenced through another record (the
 * material's base unit) is read from that record's list, once per set of ids; until it is known, or
 * when the user may not read that list, each referenced record counts as a unit of its own.
 */
export function useRowUnits(source: UnitSource | undefined, rows: readonly Row[]): UnitOf | undefined {
  const api = useApi();
  const via = source?.via;
  const ids = via
    ? [...new Set(rows.map((r) => r[source.field]).filter((v) => v !== null && v !== undefined && v !== ''))]
        .map(String)
        .sort()
    : [];
  const units = useQuery({
    queryKey: ['rowUnits', via?.entity.name, ids],
    enabled: !!via && ids.length > 0,
    staleTime: UNITS_STALE_MS,
    retry: false,
    queryFn: async ({ signal }) => {
      const out = new Map<string, string>();
      if (!via) return out;
      for (let i = 0; i < ids.length; i += IN_LIMIT) {
        const chunk = ids.slice(i, i + IN_LIMIT);
        const r = await api.get<Row[]>(
          `/${via.entity.name}`,
          { [`${via.entity.key}__in`]: chunk.join(','), PageSize: chunk.length },
          // a user who may not read the materials still sees the list: no toast, the fallback applies
          { signal, quiet: true },
        );
        for (const m of r.Data ?? []) {
          const u = m[via.unit];
          if (u !== null && u !== undefined) out.set(String(m[via.entity.key]), String(u));
        }
      }
      return out;
    },
  });
  return source ? unitOf(source, units.data) : undefined;
}

/** The units of a list's rows, when the entity has quantities its 合计 row sums (else nothing is asked). */
export function useEntityRowUnits(def: EntityDef, rows: readonly Row[]): UnitOf | undefined {
  const registry = useRegistry();
  const source = useMemo(
    () =>
      Object.values(def.fields).some((f) => totalled(f) && isQuantity(f))
        ? unitSourceOf(def.fields, (n) => registry.entities.get(n))
        : undefined,
    [def, registry],
  );
  return useRowUnits(source, rows);
}
