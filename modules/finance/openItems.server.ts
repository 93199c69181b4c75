import type { Db, RecordInput, Tx } from '@mes/engine-server';
import { normalizeDecimal } from '@mes/model';
import { sql } from 'kysely';
import { ENTRY_TYPE, SIDE } from './ledger.entity';

/** A document of a partner that still has something open: what a payment or receipt may settle. */
export interface OpenItem {
  Against_Doc_Type: number;
  Against_Doc_ID: number;
  Against_Doc_NO: string;
  Posting_Date: string;
  Due_Date: string;
  Open_Amount: string;
}

/** Entry types that open something a payment settles: invoices, opening balances, adjustments, refunds. */
const OPENING_TYPES = [ENTRY_TYPE.OPENING, ENTRY_TYPE.INVOICE, ENTRY_TYPE.ADJUSTMENT, ENTRY_TYPE.REFUND];

export const partnerColumn = (side: number) =>
  sql.ref(side === SIDE.RECEIVABLE ? 'customer_id' : 'supplier_id');

/**
 * The records a partner report (ageing, statement) takes: `Partner_ID` names a customer or a supplier
 * as `Side` says, so both are declared (a declaration is one entity); each is checked against the
 * user's data authority, and an id outside it is refused (404) before the report runs.
 */
export const partnerReportRecords: RecordInput[] = [
  { entity: 'Customer', in: 'query', key: 'Partner_ID' },
  { entity: 'Supplier', in: 'query', key: 'Partner_ID' },
  { entity: 'Currency', in: 'query', key: 'Currency_ID' },
];

/**
 * The open items of a partner in one currency, oldest due first: each document's own rows plus
 * the rows that settle it, where the sum is still owed. `docs` narrows to those documents.
 */
export async function openItems(
  ex: Db | Tx,
  side: number,
  partner: number,
  currency: number,
  docs?: { Doc_Type: number; Doc_ID: number }[],
): Promise<OpenItem[]> {
  if (docs && !docs.length) return [];
  const col = partnerColumn(side);
  const only = docs
    ? sql`AND (k.t, k.d) IN (${sql.join(docs.map((x) => sql`(${x.Doc_Type}::int, ${x.Doc_ID}::int)`))})`
    : sql``;
  const { rows } = await sql<{ t: number; d: number; no: string; pd: string; due: string; open: string }>`
    SELECT k.t, k.d, max(k.no) AS no, min(k.pd)::text AS pd, min(k.due)::text AS due, sum(k.amount)::text AS open
    FROM (
      SELECT doc_type AS t, doc_id AS d, doc_no AS no, posting_date AS pd, due_date AS due, amount
      FROM partner_ledger WHERE ${col} = ${partner} AND side = ${side} AND currency_id = ${currency}
        AND against_doc_id IS NULL AND entry_type IN (${sql.join(OPENING_TYPES)})
      UNION ALL
      SELECT against_doc_type, against_doc_id, NULL, NULL, NULL, amount
      FROM partner_ledger WHERE ${col} = ${partner} AND side = ${side} AND currency_id = ${currency}
        AND against_doc_id IS NOT NULL
    ) k WHERE true ${only}
    GROUP BY k.t, k.d HAVING max(k.no) IS NOT NULL AND sum(k.amount) > 0
    ORDER BY min(k.due), k.d LIMIT 1000`.execute(ex);
  return rows.map((r) => ({
    Against_Doc_Type: Number(r.t),
    Against_Doc_ID: Number(r.d),
    Against_Doc_NO: r.no,
    Posting_Date: r.pd,
    Due_Date: r.due,
    Open_Amount: normalizeDecimal(r.open),
  }));
}
