import {
  AppError,
  type ApprovalWrites,
  combineErrors,
  defineHooks,
  type HookContext,
  type Row,
  rowsAsArrays,
} from '@mes/engine-server';
import { addDecimal, compareDecimal, lineTable, mulDecimal, subDecimal } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { type PostedRow, type PostingLine, postMovements, reverseMovements } from './ledger.server';
import { isZero } from './logic/state';
import './messages.server';
import { type LocationRow, loadLocations, loadRefs, lockMaterials, refErrors } from './state.server';
import { STOCK_DOC_TYPE, stockDoc } from './stockDoc.entity';

const LINES = lineTable(stockDoc, 'Lines');

const directionOf = (type: number) =>
  type === STOCK_DOC_TYPE.RECEIPT
    ? 1
    : type === STOCK_DOC_TYPE.ISSUE || type === STOCK_DOC_TYPE.SCRAP
      ? -1
      : null;

interface DocLine {
  Material_ID: number;
  Location_ID: number;
  To_Location_ID?: number | null;
  Batch_NO?: string | null;
  Bucket_ID?: number | null;
  Qty: string;
  Unit_Price?: string | null;
  /** as saved (a receipt's quantity times its price); the posting states what the line cost */
  Amount?: string | null;
}

/** Rules of the document before it is saved; the posting checks stock again when it is approved. */
async function validateLines(ctx: HookContext, type: number, lines: DocLine[]) {
  if (!lines.length) throw new AppError('iv.no_lines').at('Lines');
  // every bad line at once: a stocktake of thousands of lines is not put right one save at a time
  const errors: AppError[] = [];
  const locationIds = new Set<number>();
  lines.forEach((l, i) => {
    const line = i + 1;
    // a stocktake line may count zero; every other movement moves something
    if (type !== STOCK_DOC_TYPE.COUNT && compareDecimal(l.Qty, '0') <= 0)
      errors.push(new AppError('iv.qty_positive', { line }).at('Lines'));
    if (type === STOCK_DOC_TYPE.TRANSFER && (!l.To_Location_ID || l.To_Location_ID === l.Location_ID))
      errors.push(new AppError('iv.to_location', { line }).at('Lines'));
    if (type !== STOCK_DOC_TYPE.TRANSFER && l.To_Location_ID)
      errors.push(new AppError('iv.to_location_only_transfer', { line }).at('Lines'));
    locationIds.add(l.Location_ID);
    if (l.To_Location_ID) locationIds.add(l.To_Location_ID);
  });
  const { materials, locations } = await loadRefs(
    ctx.tx,
    [...new Set(lines.map((l) => l.Material_ID))],
    [...locationIds],
  );
  errors.push(
    ...refErrors(
      lines.map((l, i) => ({
        line: i + 1,
        materialId: l.Material_ID,
        locationIds: [l.Location_ID, ...(l.To_Location_ID ? [l.To_Location_ID] : [])],
      })),
      materials,
      locations,
    ),
  );
  // a line's location is one of the document's warehouse by its declaration (RefField.filterBy)
  if (errors.length)
    throw combineErrors(errors.sort((a, b) => Number(a.params.line) - Number(b.params.line)));
  return locations;
}

/** The locations validate read, for beforeSave of the same save: one round trip less per save. */
const validated = new WeakMap<object, Map<number, LocationRow>>();

/** Stock on hand for stocktake lines (under the material locks when approving), in one statement. */
async function bookQuantities(ctx: HookContext, lines: DocLine[]): Promise<string[]> {
  if (!lines.length) return [];
  const { rows } = await sql<{ i: number; qty: string | null }>`SELECT k.i, b.qty
    FROM ${rowsAsArrays(
      'k',
      [
        ['i', 'int'],
        ['material_id', 'bigint'],
        ['location_id', 'bigint'],
        ['batch_no', 'varchar'],
      ],
      lines,
      (l, i) => [i, l.Material_ID, l.Location_ID, l.Batch_NO?.trim() ?? ''],
    )}
    LEFT JOIN stock_balance b ON b.material_id = k.material_id AND b.location_id = k.location_id
      AND b.batch_no = k.batch_no`.execute(ctx.tx);
  const out = lines.map(() => '0');
  for (const r of rows) out[r.i] = r.qty ?? '0';
  return out;
}

export const stockDocHooks = defineHooks(stockDoc, {
  // the document's state is written with the posting: one update of its row, one round trip less
  carriesApproval: true,
  async validate(ctx, data, old) {
    const type = Number(data.Doc_Type ?? old?.Doc_Type);
    const lines = (data.Lines ?? old?.Lines ?? []) as DocLine[];
    validated.set(data, await validateLines(ctx, type, lines));
  },

  async beforeSave(ctx, data, old) {
    const type = Number(data.Doc_Type ?? old?.Doc_Type);
    data.Direction = directionOf(type);
    const lines = data.Lines as (DocLine & Row)[] | undefined;
    if (!lines) return;
    // lines all in one warehouse name it on the header, so that lists and filters show it
    if (!(data.Warehouse_ID ?? old?.Warehouse_ID)) {
      const locations =
        validated.get(data) ?? (await loadLocations(ctx.tx, [...new Set(lines.map((l) => l.Location_ID))]));
      const warehouses = new Set(lines.map((l) => locations.get(l.Location_ID)?.warehouse_id));
      if (warehouses.size === 1) data.Warehouse_ID = [...warehouses][0];
    }
    // line amounts and the totals are the declaration's (compute), filled before this hook
    if (type !== STOCK_DOC_TYPE.COUNT) {
      for (const l of lines) Object.assign(l, { Book_Qty: null, Diff_Qty: null });
      Object.assign(data, { Total_Book_Qty: null, Total_Diff_Qty: null });
      return;
    }
    Object.assign(data, countTotals(lines, await bookQuantities(ctx, lines)));
  },

  // a counted sheet read back (导入明细) shows each line's book and difference at once, as a save
  // would fill them: the stock as it stands now (lines of other documents simply ignore them)
  async linesImported(ctx, _lines, rows) {
    const lines = rows as (DocLine & Row)[];
    const book = await bookQuantities(ctx, lines);
    for (const [i, l] of lines.entries())
      Object.assign(l, { Book_Qty: book[i], Diff_Qty: subDecimal(l.Qty, book[i]) });
  },

  async onApprove(ctx, record) {
    const type = Number(record.Doc_Type);
    const id = Number(record.Doc_ID);
    const lines = record.Lines as DocLine[];
    let posting: PostingLine[];
    const diffs: { line: number; book: string; diff: string }[] = [];
    if (type === STOCK_DOC_TYPE.COUNT) {
      // the difference is taken against the stock at the moment of approval, not when it was counted
      await lockMaterials(
        ctx.tx,
        lines.map((l) => l.Material_ID),
      );
      const book = await bookQuantities(ctx, lines);
      posting = [];
      for (const [i, l] of lines.entries()) {
        const diff = subDecimal(l.Qty, book[i]);
        diffs.push({ line: i + 1, book: book[i], diff });
        if (!isZero(diff))
          posting.push({
            ...lineOf(l, i),
            Qty: diff,
            Unit_Price: l.Unit_Price ?? null,
            To_Location_ID: null,
          });
      }
      await sql`UPDATE ${sql.table(LINES)} AS l SET book_qty = v.book, diff_qty = v.diff
        FROM ${rowsAsArrays(
          'v',
          [
            ['line_no', 'int'],
            ['book', 'numeric'],
            ['diff', 'numeric'],
          ],
          diffs,
          (d) => [d.line, d.book, d.diff],
        )}
        WHERE l.parent_id = ${id} AND l.line_no = v.line_no`.execute(ctx.tx);
    } else {
      const sign = type === STOCK_DOC_TYPE.RECEIPT || type === STOCK_DOC_TYPE.TRANSFER ? 1 : -1;
      posting = lines.map((l, i) => ({
        ...lineOf(l, i),
        Qty: sign === 1 ? l.Qty : subDecimal('0', l.Qty),
        To_Location_ID: type === STOCK_DOC_TYPE.TRANSFER ? (l.To_Location_ID ?? null) : null,
      }));
    }
    // a stocktake's book and difference totals as taken at approval
    const counted =
      type === STOCK_DOC_TYPE.COUNT
        ? {
            total_book_qty: diffs.reduce((s, d) => addDecimal(s, d.book), '0'),
            total_diff_qty: diffs.reduce((s, d) => addDecimal(s, d.diff), '0'),
          }
        : {};
    // the posting decides batch numbers (batch mode) and what issues cost; the document shows both,
    // written in the posting's own statement
    let amounts: Amounts = { total: null, lines: [] };
    await postMovements(
      ctx,
      {
        Doc_Type: type,
        Doc_ID: id,
        Doc_NO: String(record.Doc_NO),
        Posting_Date: String(record.Doc_Date),
        lines: posting,
        once: true,
        last: ctx.last,
      },
      (posted) => {
        amounts = documentAmounts(type, lines, posted, (record.Total_Amount as string | null) ?? null);
        return amountStatements(id, amounts, ctx.approval, counted);
      },
    );
    // the answer: the record as approved, with what the posting wrote back (no read after the commit)
    for (const d of diffs) Object.assign(lines[d.line - 1], { Book_Qty: d.book, Diff_Qty: d.diff });
    for (const u of amounts.lines)
      Object.assign(lines[u.line - 1], {
        Amount: u.amount,
        ...(u.price === null ? {} : { Unit_Price: u.price }),
        ...(u.batch === null ? {} : { Batch_NO: u.batch }),
      });
    if (amounts.total !== null) record.Total_Amount = amounts.total;
    if (type === STOCK_DOC_TYPE.COUNT)
      Object.assign(record, {
        Total_Book_Qty: counted.total_book_qty,
        Total_Diff_Qty: counted.total_diff_qty,
      });
    return record;
  },

  async onUnapprove(ctx, record) {
    await reverseMovements(ctx, Number(record.Doc_Type), Number(record.Doc_ID));
  },
});

/**
 * A stocktake's lines against the book: each line's book, difference and the difference's value
 * (what its approval will post: signed, a gain positive), and the document's totals of the three,
 * so that its list row reads counted, book, difference and difference value side by side.
 */
export function countTotals(lines: (DocLine & Row)[], book: string[]) {
  let books = '0';
  let diffs = '0';
  let value = '0';
  lines.forEach((l, i) => {
    const diff = subDecimal(l.Qty, book[i]);
    l.Book_Qty = book[i];
    l.Diff_Qty = diff;
    l.Amount = l.Unit_Price == null ? null : mulDecimal(diff, l.Unit_Price, 2);
    books = addDecimal(books, book[i]);
    diffs = addDecimal(diffs, diff);
    value = addDecimal(value, l.Amount ?? '0');
  });
  return { Total_Book_Qty: books, Total_Diff_Qty: diffs, Total_Amount: value };
}

interface Amounts {
  /** the document's new total, when it changed */
  total: string | null;
  /** the lines whose amount, price or batch the posting changed (price and batch null: unchanged) */
  lines: { line: number; amount: string; price: string | null; batch: string | null }[];
}

/**
 * The lines' amounts, prices and batch numbers, and the document's total, from what was posted;
 * only what the posting changed (a receipt at its stated prices changes nothing). Decimals as a
 * read of the document gives them: rounded to their columns' scale and normalized.
 */
function documentAmounts(
  type: number,
  lines: DocLine[],
  posted: PostedRow[],
  savedTotal: string | null,
): Amounts {
  // rounded as the columns store them (mulDecimal rounds half away from zero and normalizes)
  const round = (v: string, scale: number) => mulDecimal(v, '1', scale);
  let total = '0';
  const updates: Amounts['lines'] = [];
  for (const [i, l] of lines.entries()) {
    const rows = posted.filter((p) => p.lineNo === i + 1 && (!p.transfer || p.direction === 1));
    if (!rows.length) {
      // a stocktake's amounts become what its differences moved: a line counted as booked (filled
      // from stock, priced) moved nothing, or its book value would stand beside a total of 0
      if (type === STOCK_DOC_TYPE.COUNT && l.Amount != null && !isZero(l.Amount))
        updates.push({ line: i + 1, amount: '0', price: null, batch: null });
      continue;
    }
    // a stocktake's amounts are signed (a gain positive, a loss negative), as its difference
    const amount = round(
      rows.reduce(
        (s, p) => addDecimal(s, type === STOCK_DOC_TYPE.COUNT ? p.amount : p.amount.replace(/^-/, '')),
        '0',
      ),
      2,
    );
    total = addDecimal(total, amount);
    const batch = l.Batch_NO ? null : (rows.find((p) => p.batchNo)?.batchNo ?? null);
    // the price fills a line that stated none
    const price = type === STOCK_DOC_TYPE.COUNT || l.Unit_Price != null ? null : round(rows[0].unitCost, 6);
    if (batch !== null || price !== null || l.Amount == null || compareDecimal(l.Amount, amount) !== 0)
      updates.push({ line: i + 1, amount, price, batch });
  }
  const changed = savedTotal === null || compareDecimal(savedTotal, total) !== 0;
  return { total: changed ? total : null, lines: updates };
}

/** The posting's writes to the document; with the approval's, in the same UPDATE of its row. */
function amountStatements(
  id: number,
  amounts: Amounts,
  approval: ApprovalWrites | undefined,
  counted: { total_book_qty?: string; total_diff_qty?: string },
): RawBuilder<unknown>[] {
  const total = { ...(amounts.total === null ? {} : { total_amount: amounts.total }), ...counted };
  const set = Object.entries(total);
  const out: RawBuilder<unknown>[] = approval
    ? approval.writes(total)
    : set.length
      ? [
          sql`UPDATE stock_doc SET ${sql.join(set.map(([k, v]) => sql`${sql.ref(k)} = ${v}::numeric`))} WHERE id = ${id}`,
        ]
      : [];
  if (amounts.lines.length)
    out.push(sql`UPDATE ${sql.table(LINES)} AS l SET amount = v.amount, unit_price = coalesce(l.unit_price, v.price),
        batch_no = coalesce(v.batch, l.batch_no)
      FROM ${rowsAsArrays(
        'v',
        [
          ['line_no', 'int'],
          ['amount', 'numeric'],
          ['price', 'numeric'],
          ['batch', 'varchar'],
        ],
        amounts.lines,
        (u) => [u.line, u.amount, u.price, u.batch],
      )}
      WHERE l.parent_id = ${id} AND l.line_no = v.line_no`);
  return out;
}

function lineOf(l: DocLine, i: number): PostingLine {
  return {
    Line_NO: i + 1,
    Material_ID: l.Material_ID,
    Location_ID: l.Location_ID,
    Batch_NO: l.Batch_NO ?? null,
    Bucket_ID: l.Bucket_ID ?? null,
    Qty: l.Qty,
    Unit_Price: l.Unit_Price ?? null,
  };
}
