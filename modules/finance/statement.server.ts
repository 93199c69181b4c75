import {
  AppError,
  companyTimeZone,
  type Db,
  type Engine,
  ok,
  parseWith,
  renderRecordsPdf,
  requestContext,
} from '@mes/engine-server';
import {
  addDecimal,
  compareDecimal,
  contentDisposition,
  dateString,
  formatInstant,
  type Lang,
  labelOf,
  negDecimal,
  normalizeDecimal,
} from '@mes/model';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ENTRY_TYPES, SIDE } from './ledger.entity';
import './messages.server';
import { partnerColumn, partnerReportRecords } from './openItems.server';
import { statementPrint } from './statementPrint';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const statementQuery = z.object({
  Side: z.coerce.number().int().min(1).max(2).default(SIDE.RECEIVABLE),
  Partner_ID: id,
  Currency_ID: id.optional(),
  From: dateString().optional(),
  To: dateString().optional(),
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(50),
});
type StatementQuery = z.infer<typeof statementQuery>;

/** A statement holds at most this many entries; a longer one is asked for by shorter periods. */
const MAX_ENTRIES = 20000;

export interface StatementLine {
  Row_Key: string;
  Currency_ID: number;
  Currency_Code: string;
  Posting_Date: string | null;
  Doc_NO: string;
  Entry_Type: number | null;
  Against_Doc_NO: string | null;
  Due_Date: string | null;
  Increase: string;
  Decrease: string;
  Balance: string;
}

export interface Statement {
  Partner_Name: string;
  From: string;
  To: string;
  currencies: {
    Currency_ID: number;
    Currency_Code: string;
    Currency_Name: string;
    Opening: string;
    Increase: string;
    Decrease: string;
    Closing: string;
    lines: StatementLine[];
  }[];
}

const thisYear = (to: string) => `${to.slice(0, 4)}-01-01`;

/**
 * A partner's statement (对账单) for a period, per currency: the balance before it, every entry in
 * it with the running balance, and the balance after it. Two queries on the partner's index.
 */
export async function statementOf(db: Db, q: StatementQuery, lang: Lang): Promise<Statement> {
  const to =
    q.To ?? new Intl.DateTimeFormat('en-CA', { timeZone: await companyTimeZone(db) }).format(new Date());
  const from = q.From ?? thisYear(to);
  if (from > to) throw new AppError('fin.period_order', { from, to });
  const col = partnerColumn(q.Side);
  const table = sql.table(q.Side === SIDE.RECEIVABLE ? 'customer' : 'supplier');
  const { rows: who } = await sql<{ name: string }>`SELECT full_name AS name FROM ${table}
    WHERE id = ${q.Partner_ID}`.execute(db);
  if (!who.length) throw new AppError('not_found', {}, 404);
  const cur = q.Currency_ID ? sql`AND l.currency_id = ${q.Currency_ID}` : sql``;
  const { rows: opening } = await sql<{ c: number; code: string; name: string; open: string }>`
    SELECT c.id AS c, c.currency_code AS code, c.currency_name AS name,
      coalesce(sum(l.amount) FILTER (WHERE l.posting_date < ${from}), 0)::text AS open
    FROM partner_ledger l JOIN currency c ON c.id = l.currency_id
    WHERE ${col} = ${q.Partner_ID} AND l.side = ${q.Side} AND l.posting_date <= ${to} ${cur}
    GROUP BY c.id ORDER BY c.currency_code`.execute(db);
  const { rows } = await sql<{
    id: number;
    c: number;
    pd: string;
    no: string;
    et: number;
    ag: string | null;
    due: string | null;
    amount: string;
  }>`SELECT l.id, l.currency_id AS c, l.posting_date::text AS pd, l.doc_no AS no, l.entry_type AS et,
      l.against_doc_no AS ag, l.due_date::text AS due, l.amount::text AS amount
    FROM partner_ledger l
    WHERE ${col} = ${q.Partner_ID} AND l.side = ${q.Side} AND l.posting_date BETWEEN ${from} AND ${to} ${cur}
    ORDER BY l.posting_date, l.id LIMIT ${MAX_ENTRIES + 1}`.execute(db);
  if (rows.length > MAX_ENTRIES) throw new AppError('fin.statement_too_long', { max: MAX_ENTRIES });
  const openingLabel = labelOf({ zh: '期初余额', en: 'Opening balance' }, lang);
  return {
    Partner_Name: who[0].name,
    From: from,
    To: to,
    currencies: opening.map((o) => {
      let balance = normalizeDecimal(o.open);
      let inc = '0';
      let dec = '0';
      const lines: StatementLine[] = [
        {
          Row_Key: `${o.c}:open`,
          Currency_ID: Number(o.c),
          Currency_Code: o.code,
          Posting_Date: from,
          Doc_NO: openingLabel,
          Entry_Type: null,
          Against_Doc_NO: null,
          Due_Date: null,
          Increase: '0',
          Decrease: '0',
          Balance: balance,
        },
      ];
      for (const r of rows.filter((x) => Number(x.c) === Number(o.c))) {
        balance = addDecimal(balance, r.amount);
        const up = compareDecimal(r.amount, '0') >= 0;
        if (up) inc = addDecimal(inc, r.amount);
        else dec = addDecimal(dec, negDecimal(r.amount));
        lines.push({
          Row_Key: String(r.id),
          Currency_ID: Number(o.c),
          Currency_Code: o.code,
          Posting_Date: r.pd,
          Doc_NO: r.no,
          Entry_Type: Number(r.et),
          Against_Doc_NO: r.ag,
          Due_Date: r.due,
          Increase: up ? normalizeDecimal(r.amount) : '0',
          Decrease: up ? '0' : normalizeDecimal(negDecimal(r.amount)),
          Balance: balance,
        });
      }
      return {
        Currency_ID: Number(o.c),
        Currency_Code: o.code,
        Currency_Name: o.name,
        Opening: normalizeDecimal(o.open),
        Increase: inc,
        Decrease: dec,
        Closing: balance,
        lines,
      };
    }),
  };
}

const entryLabel = (v: number | null, lang: Lang) => {
  const o = ENTRY_TYPES.find((x) => x.value === v);
  return o ? labelOf(o.label, lang) : '';
};

/** The statement as a sheet: a heading block per currency, then its entries. */
async function statementXlsx(s: Statement, lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(labelOf(statementPrint.label, lang));
  const L = (f: keyof typeof statementPrint.lines.Entries.fields) =>
    labelOf(statementPrint.lines.Entries.fields[f].label, lang);
  const H = (f: keyof typeof statementPrint.fields) => labelOf(statementPrint.fields[f].label, lang);
  sheet.addRow([H('Partner_Name'), s.Partner_Name]);
  sheet.addRow([H('Period'), `${s.From} ~ ${s.To}`]);
  for (const c of s.currencies) {
    sheet.addRow([]);
    sheet.addRow([
      H('Currency_Name'),
      c.Currency_Code,
      H('Opening'),
      Number(c.Opening),
      H('Closing'),
      Number(c.Closing),
    ]);
    sheet.addRow(
      (
        [
          'Posting_Date',
          'Doc_NO',
          'Entry_Type',
          'Against_Doc_NO',
          'Due_Date',
          'Increase',
          'Decrease',
          'Balance',
        ] as const
      ).map(L),
    ).font = { bold: true };
    for (const l of c.lines)
      sheet.addRow([
        l.Posting_Date,
        l.Doc_NO,
        entryLabel(l.Entry_Type, lang),
        l.Against_Doc_NO ?? '',
        l.Due_Date ?? '',
        Number(l.Increase),
        Number(l.Decrease),
        Number(l.Balance),
      ]);
  }
  sheet.columns.forEach((col, i) => {
    col.width = i === 1 ? 22 : 14;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The routes of the statement: rows for the page, and the same as PDF (the engine's print) and Excel. */
export function statementRoutes(app: FastifyInstance, engine: Engine) {
  // cookieAuth: the PDF and the sheet open in a new window, which sends no Authorization header
  const config = () => ({
    perm: { menu: 'finance.statement' },
    cookieAuth: true,
    records: partnerReportRecords,
  });
  const read = async (req: FastifyRequest) => {
    const ctx = requestContext(req);
    const q = parseWith(statementQuery, req.query, undefined, ctx.lang);
    return { ctx, q, s: await statementOf(engine.db, q, ctx.lang) };
  };
  app.get('/Finance/Statement', { config: config() }, async (req) => {
    const { ctx, q, s } = await read(req);
    const all = s.currencies.flatMap((c) => c.lines);
    const page = all
      .slice((q.Page - 1) * q.PageSize, q.Page * q.PageSize)
      .map((l) => ({ ...l, Entry_Type_Name: entryLabel(l.Entry_Type, ctx.lang) }));
    return ok(page, ctx, { Page: q.Page, PageSize: q.PageSize, TotalCount: all.length });
  });
  app.get('/Finance/Statement/Pdf', { config: config() }, async (req, reply) => {
    const { ctx, s } = await read(req);
    const timeZone = await companyTimeZone(engine.db);
    const company = await sql<{ n: string }>`SELECT company_name AS n FROM company ORDER BY id LIMIT 1`
      .execute(engine.db)
      .catch(() => ({ rows: [] as { n: string }[] }));
    const recs = s.currencies.map((c) => ({
      Partner_Name: s.Partner_Name,
      Period: `${s.From} ~ ${s.To}`,
      Currency_Name: c.Currency_Code,
      Opening: c.Opening,
      Increase: c.Increase,
      Decrease: c.Decrease,
      Closing: c.Closing,
      Entries: c.lines,
    }));
    const pdf = await renderRecordsPdf(statementPrint, recs, ctx.lang, {
      company: company.rows[0]?.n ?? '',
      operator: ctx.user?.User_Name ?? '',
      printedAt: formatInstant(new Date(), timeZone, 'minute'),
      timeZone,
    });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition('inline', `statement-${s.From}-${s.To}.pdf`))
      .send(pdf);
  });
  app.get('/Finance/Statement/Excel', { config: config() }, async (req, reply) => {
    const { ctx, s } = await read(req);
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', contentDisposition('attachment', `statement-${s.From}-${s.To}.xlsx`))
      .send(await statementXlsx(s, ctx.lang));
  });
}
