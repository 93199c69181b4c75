import { add, div, type Exact, exact, mul, text, ZERO } from './exact';

/** One step of a routing: minutes per piece, set-up minutes per batch, cost per hour of the operation. */
export interface RoutingStep {
  stdMinutes: string;
  setupMinutes?: string | null;
  hourRate?: string | null;
}

const SIXTY: Exact = { n: 60n, s: 0 };

/**
 * Operation cost of one unit: Σ (std + setup / batch) minutes ÷ 60 × hourly rate. The batch spreads
 * set-up time over the pieces made in one go (1 when unknown).
 */
export function routingUnitCost(steps: RoutingStep[], batchQty = '1'): string {
  let total = ZERO;
  const batch = exact(batchQty);
  for (const s of steps) {
    let minutes = exact(s.stdMinutes);
    if (s.setupMinutes && batch.n > 0n) minutes = add(minutes, div(exact(s.setupMinutes), batch));
    total = add(total, mul(div(minutes, SIXTY), exact(s.hourRate)));
  }
  return text(total, 4);
}

/** Minutes to make `qty` pieces through the routing (set-up once per step). */
export function routingMinutes(steps: RoutingStep[], qty: string): string {
  let total = ZERO;
  for (const s of steps) total = add(total, add(mul(exact(s.stdMinutes), exact(qty)), exact(s.setupMinutes)));
  return text(total, 2);
}
