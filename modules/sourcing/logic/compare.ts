import { addDecimal, compareDecimal, isDecimal, mulDecimal } from '@mes/model';

/**
 * Bid evaluation arithmetic: the column-per-supplier comparison of every part row across rounds,
 * totals over annual consumption and life time, the price trend between rounds and the weighted
 * score. Decimal strings throughout; the one division (price score) is rounded to two places.
 */

export interface PartRow {
  Item_NO: number;
  Part_Number: string;
  Part_Name: string;
  Annual_Qty: string;
  Target_Price: string | null;
}

export interface QuotedItem {
  Item_NO: number;
  Unit_Price: string | null;
  Tooling_Cost: string | null;
  Lead_Time_Days: number | null;
  MOQ: string | null;
  /** 不报价: the supplier declined the part explicitly. */
  Declined?: boolean;
}

export interface QuotedOffer {
  Offer_ID: number;
  Supplier_ID: number;
  Round_NO: number;
  /** Only submitted offers (Processed, and later Passed or Rejected) are compared. */
  Submitted: boolean;
  Items: QuotedItem[];
}

export interface Cell {
  Offer_ID: number;
  Round_NO: number;
  Unit_Price: string;
  Tooling_Cost: string;
  Lead_Time_Days: number | null;
  /** Change from the supplier's previous round for this part; null in its first round. */
  Trend: string | null;
  /** Trend as a percentage of the previous price (two places). */
  Trend_Pct: string | null;
}

export interface ComparisonRow extends PartRow {
  /** Supplier id → its cells, one per round it quoted this part in, oldest first. */
  cells: Record<number, Cell[]>;
  /** Supplier id → the rounds in which it declined this part (不报价), shown as such, never ranked. */
  declined: Record<number, number[]>;
  /** Suppliers with the lowest price for this part in its latest round (ties share it). */
  lowest: number[];
  lowestPrice: string | null;
}

export interface SupplierTotal {
  Supplier_ID: number;
  Round_NO: number;
  Offer_ID: number;
  /** Parts the supplier priced in its latest offer. */
  Quoted_Parts: number;
  /** Σ unit price × annual consumption over the quoted parts. */
  Annual_Amount: string;
  Lifetime_Amount: string;
  Tooling_Total: string;
  /** Annual amount of the same supplier's previous round, for the trend of the total. */
  Previous_Annual_Amount: string | null;
}

export interface Comparison {
  rows: ComparisonRow[];
  totals: SupplierTotal[];
  rounds: number[];
}

const ZERO = '0';
const dec = (s: string | null | undefined): string | null => (s && isDecimal(s) ? s : null);

/**
 * The price a line offers, or null when it offers none: declined, empty, or not above zero (a 0
 * left by an older form is a missing price, not the lowest one).
 */
export function offeredPrice(it: QuotedItem | undefined): string | null {
  if (!it || it.Declined) return null;
  const p = dec(it.Unit_Price);
  return p !== null && compareDecimal(p, ZERO) > 0 ? p : null;
}

/** Percentage change a → b with two decimals, computed on scaled integers (no floats). */
export function percentChange(from: string, to: string): string | null {
  if (compareDecimal(from, ZERO) === 0) return null;
  const diff = addDecimal(to, negate(from));
  return divide(mulDecimal(diff, '100', 6), from, 2);
}

function negate(s: string): string {
  return s.startsWith('-') ? s.slice(1) : `-${s}`;
}

/** a / b rounded half away from zero to `scale` places; both decimal strings. */
export function divide(a: string, b: string, scale: number): string {
  const [ai, as] = scaled(a);
  const [bi, bs] = scaled(b);
  // a/b = (ai/10^as)/(bi/10^bs); scale the numerator so that the quotient has scale+1 digits
  const num = ai * 10n ** BigInt(bs + scale + 1);
  const den = bi * 10n ** BigInt(as);
  let q = num / den;
  const neg = q < 0n;
  if (neg) q = -q;
  q = (q + 5n) / 10n;
  const s = q.toString().padStart(scale + 1, '0');
  const out = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
  return neg && q !== 0n ? `-${out}` : out;
}

function scaled(s: string): [bigint, number] {
  const neg = s.trim().startsWith('-');
  const [i, f = ''] = s.trim().replace(/^[-+]/, '').split('.');
  const v = BigInt(`${i || '0'}${f}`);
  return [neg ? -v : v, f.length];
}

/** Builds the comparison; offers not submitted are left out, as the buyer may not see drafts. */
export function compareOffers(parts: PartRow[], offers: QuotedOffer[], lifeYears: number): Comparison {
  const submitted = offers.filter((o) => o.Submitted).sort((a, b) => a.Round_NO - b.Round_NO);
  const rounds = [...new Set(submitted.map((o) => o.Round_NO))].sort((a, b) => a - b);
  const rows: ComparisonRow[] = parts.map((p) => {
    const cells: Record<number, Cell[]> = {};
    const declined: Record<number, number[]> = {};
    for (const o of submitted) {
      const it = o.Items.find((i) => i.Item_NO === p.Item_NO);
      if (it?.Declined) declined[o.Supplier_ID] = [...(declined[o.Supplier_ID] ?? []), o.Round_NO];
      const price = offeredPrice(it);
      if (!it || price === null) continue;
      cells[o.Supplier_ID] ??= [];
      const list = cells[o.Supplier_ID];
      const prev = list[list.length - 1];
      list.push({
        Offer_ID: o.Offer_ID,
        Round_NO: o.Round_NO,
        Unit_Price: price,
        Tooling_Cost: dec(it.Tooling_Cost) ?? ZERO,
        Lead_Time_Days: it.Lead_Time_Days,
        Trend: prev ? addDecimal(price, negate(prev.Unit_Price)) : null,
        Trend_Pct: prev ? percentChange(prev.Unit_Price, price) : null,
      });
    }
    // the running is among those who quoted the part in its latest round: a supplier left out of
    // a later round is shown with its old price but cannot be the lowest any more
    const lastRound = Math.max(0, ...Object.values(cells).map((l) => l[l.length - 1].Round_NO));
    let lowestPrice: string | null = null;
    let lowest: number[] = [];
    for (const [sid, list] of Object.entries(cells)) {
      if (list[list.length - 1].Round_NO !== lastRound) continue;
      const latest = list[list.length - 1].Unit_Price;
      const c = lowestPrice === null ? -1 : compareDecimal(latest, lowestPrice);
      if (c < 0) {
        lowestPrice = latest;
        lowest = [Number(sid)];
      } else if (c === 0) lowest.push(Number(sid));
    }
    return { ...p, cells, declined, lowest, lowestPrice };
  });
  return { rows, totals: supplierTotals(parts, submitted, lifeYears), rounds };
}

function offerTotals(parts: PartRow[], o: QuotedOffer) {
  let annual = ZERO;
  let tooling = ZERO;
  let quoted = 0;
  for (const it of o.Items) {
    const part = parts.find((p) => p.Item_NO === it.Item_NO);
    const price = offeredPrice(it);
    if (!part || price === null) continue;
    quoted++;
    annual = addDecimal(annual, mulDecimal(price, dec(part.Annual_Qty) ?? ZERO, 4));
    tooling = addDecimal(tooling, dec(it.Tooling_Cost) ?? ZERO);
  }
  return { annual, tooling, quoted };
}

function supplierTotals(parts: PartRow[], submitted: QuotedOffer[], lifeYears: number): SupplierTotal[] {
  const bySupplier = new Map<number, QuotedOffer[]>();
  for (const o of submitted) bySupplier.set(o.Supplier_ID, [...(bySupplier.get(o.Supplier_ID) ?? []), o]);
  const out: SupplierTotal[] = [];
  for (const [sid, list] of bySupplier) {
    const latest = list[list.length - 1];
    const prev = list.length > 1 ? list[list.length - 2] : null;
    const t = offerTotals(parts, latest);
    out.push({
      Supplier_ID: sid,
      Round_NO: latest.Round_NO,
      Offer_ID: latest.Offer_ID,
      Quoted_Parts: t.quoted,
      Annual_Amount: t.annual,
      Lifetime_Amount: mulDecimal(t.annual, String(Math.max(lifeYears, 0)), 4),
      Tooling_Total: t.tooling,
      Previous_Annual_Amount: prev ? offerTotals(parts, prev).annual : null,
    });
  }
  return out.sort((a, b) => a.Supplier_ID - b.Supplier_ID);
}

export interface Weights {
  price: string;
  quality: string;
  delivery: string;
  risk: string;
}

export interface SupplierMarks {
  Supplier_ID: number;
  /** 0–100, higher is better; buyers enter them in the bid evaluation. */
  Quality_Score: string;
  Delivery_Score: string;
  Risk_Score: string;
}

export interface Score extends SupplierMarks {
  Price_Score: string;
  Total_Score: string;
}

/**
 * Price score: the lowest lifetime cost (parts over the life time plus tooling) gets 100, the
 * others lowest ÷ theirs × 100. The benchmark comes from suppliers that quoted every part; one
 * that left parts out is scored on what it quoted (at most 100), scaled by the share of parts
 * quoted, so that leaving out expensive parts does not pay.
 */
export function scoreSuppliers(
  totals: SupplierTotal[],
  marks: SupplierMarks[],
  weights: Weights,
  partCount: number,
): Score[] {
  const cost = (t: SupplierTotal) => addDecimal(t.Lifetime_Amount, t.Tooling_Total);
  // the benchmark is the cheapest supplier among those that quoted every part, when there is one
  const complete = totals.filter((t) => t.Quoted_Parts >= partCount && compareDecimal(cost(t), ZERO) > 0);
  const positive = complete.length ? complete : totals.filter((t) => compareDecimal(cost(t), ZERO) > 0);
  const best = positive.reduce<string | null>(
    (m, t) => (m === null || compareDecimal(cost(t), m) < 0 ? cost(t) : m),
    null,
  );
  const weightSum = [weights.price, weights.quality, weights.delivery, weights.risk].reduce(addDecimal, ZERO);
  return totals.map((t) => {
    const m = marks.find((x) => x.Supplier_ID === t.Supplier_ID) ?? {
      Supplier_ID: t.Supplier_ID,
      Quality_Score: ZERO,
      Delivery_Score: ZERO,
      Risk_Score: ZERO,
    };
    let price = ZERO;
    if (best !== null && compareDecimal(cost(t), ZERO) > 0) {
      price = divide(mulDecimal(best, '100', 4), cost(t), 4);
      if (compareDecimal(price, '100') > 0) price = '100';
      if (partCount > 0 && t.Quoted_Parts < partCount)
        price = divide(mulDecimal(price, String(t.Quoted_Parts), 4), String(partCount), 4);
    }
    const weighted = [
      mulDecimal(price, weights.price, 6),
      mulDecimal(m.Quality_Score, weights.quality, 6),
      mulDecimal(m.Delivery_Score, weights.delivery, 6),
      mulDecimal(m.Risk_Score, weights.risk, 6),
    ].reduce(addDecimal, ZERO);
    const total = compareDecimal(weightSum, ZERO) > 0 ? divide(weighted, weightSum, 2) : '0.00';
    return { ...m, Price_Score: divide(price, '1', 2), Total_Score: total };
  });
}
