import { addDecimal, compareDecimal } from '@mes/model';
import { openQty } from './amounts';

/** A source line a document takes from (an order line, a delivery line) and what others took. */
export interface Source {
  /** the source line's own quantity as the rule sees it (ordered, delivered) */
  total: string;
  /** what other documents already took from it */
  taken: string;
}

/**
 * Checks a document's lines against their sources: the lines of one document that take from the same
 * source line are added up, so that two lines cannot each take the whole rest. Answers the first line
 * over its source's open quantity (1-based) with that quantity, or null.
 */
export function overTaken(
  lines: readonly { key: string; qty: string }[],
  sources: ReadonlyMap<string, Source>,
): { line: number; qty: string; open: string } | null {
  const used = new Map<string, string>();
  for (const [i, l] of lines.entries()) {
    const s = sources.get(l.key);
    if (!s) continue;
    const mine = addDecimal(used.get(l.key) ?? '0', l.qty);
    used.set(l.key, mine);
    const open = openQty(s.total, s.taken);
    if (compareDecimal(mine, open) > 0) return { line: i + 1, qty: l.qty, open };
  }
  return null;
}
