/**
 * The finance bench (issue 26): 100,000 invoices and 300,000 receivable/payable ledger entries on
 * PostgreSQL, then the ageing report, a partner statement and the paged ledger list over HTTP.
 *   npx tsx bench/finance.bench.ts        (BENCH_FIN_URL, default postgres://postgres@127.0.0.1:5432/bench_fin)
 * Prints the timings and writes results/finance.md. Nothing is asserted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { listenAndSignIn, openBackend, resetDatabase } from './lib/backend';

const URL_ = process.env.BENCH_FIN_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_fin';
const INVOICES = Number(process.env.BENCH_FIN_INVOICES ?? 100_000);
const CUSTOMERS = 2000;
const SUPPLIERS = 1000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  await resetDatabase('postgres', URL_);
  const b = await openBackend('postgres', URL_);
  const db = b.raw.db;
  const t0 = performance.now();
  // partners and a base currency, then the ledger in SQL: every invoice (two thirds sales, a third
  // purchase) is followed by a payment of part of it or all of it, every other by a second one or an
  // adjustment, until 300,000 entries; due dates 30 days after the invoice over 400 days
  await sql`INSERT INTO currency (currency_code, currency_name, exchange_rate, is_base) VALUES ('CNY', '人民币', 1, true)`.execute(
    db,
  );
  await sql`INSERT INTO customer (customer_code, full_name, short_name, customer_type)
    SELECT 'BC' || lpad(g::text, 5, '0'), '客户' || g, '客' || g, 1 FROM generate_series(1, ${CUSTOMERS}) g`.execute(
    db,
  );
  await sql`INSERT INTO supplier (supplier_code, full_name, short_name)
    SELECT 'BS' || lpad(g::text, 5, '0'), '供应商' || g, '供' || g FROM generate_series(1, ${SUPPLIERS}) g`.execute(
    db,
  );
  await sql`CREATE TEMP TABLE inv AS
    SELECT g AS n, CASE WHEN g % 3 = 0 THEN 2 ELSE 1 END AS side,
      CASE WHEN g % 3 = 0 THEN (SELECT min(id) FROM supplier) + (hashint4(g) & 2147483647) % ${SUPPLIERS}
        ELSE (SELECT min(id) FROM customer) + (hashint4(g) & 2147483647) % ${CUSTOMERS} END AS partner,
      (date '2026-11-27' - 400 + (g * 400 / ${INVOICES}))::date AS pd,
      round((100 + (hashint4(g * 7) & 2147483647) % 100000 / 10.0)::numeric, 2) AS amount
    FROM generate_series(1, ${INVOICES}) g`.execute(db);
  const cur = sql`(SELECT id FROM currency WHERE currency_code = 'CNY')`;
  const ins = (
    select: ReturnType<typeof sql>,
  ) => sql`INSERT INTO partner_ledger (side, customer_id, supplier_id, posting_date,
      due_date, entry_type, doc_type, doc_id, doc_no, against_doc_type, against_doc_id, against_doc_no, currency_id,
      exchange_rate, amount, base_amount, balance, base_balance, posted_at)
    SELECT side, CASE WHEN side = 1 THEN partner END, CASE WHEN side = 2 THEN partner END, pd, due, et, dt, did, dno,
      adt, adid, adno, ${cur}, 1, amount, amount, 0, 0, now()
    FROM (${select}) x(side, partner, pd, due, et, dt, did, dno, adt, adid, adno, amount)`;
  await ins(sql`SELECT side, partner, pd, pd + 30 AS due, 2 AS et, CASE WHEN side = 1 THEN 2 ELSE 1 END AS dt, n AS did,
    'INV' || n AS dno, NULL::int AS adt, NULL::int AS adid, NULL AS adno, amount FROM inv`).execute(db);
  // a payment of the whole or of half, 20 days after the invoice, for the invoices older than 60 days
  await ins(sql`SELECT side, partner, pd + 20, pd + 30, 3, CASE WHEN side = 1 THEN 4 ELSE 3 END, n, 'PAY' || n,
    CASE WHEN side = 1 THEN 2 ELSE 1 END, n, 'INV' || n, -CASE WHEN n % 4 = 0 THEN round(amount / 2, 2) ELSE amount END
    FROM inv WHERE pd < date '2026-11-27' - 60`).execute(db);
  const { rows: c } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM partner_ledger`.execute(db);
  const rest = 3 * INVOICES - c[0].n;
  // the rest: adjustments and advances spread over the partners
  await ins(sql`SELECT side, partner, pd, pd, CASE WHEN n % 2 = 0 THEN 7 ELSE 4 END, CASE WHEN side = 1 THEN 6 ELSE 5 END,
    ${INVOICES} + n, 'ADJ' || n, NULL::int, NULL::int, NULL, CASE WHEN n % 2 = 0 THEN 15.5 ELSE -50 END
    FROM inv WHERE n <= ${rest}`).execute(db);
  // running balances and balance rows as the posting service keeps them
  await sql`UPDATE partner_ledger l SET balance = r.b, base_balance = r.b FROM (
      SELECT id, sum(amount) OVER (PARTITION BY side, coalesce(customer_id, supplier_id), currency_id ORDER BY id) AS b
      FROM partner_ledger) r WHERE r.id = l.id`.execute(db);
  await sql`INSERT INTO partner_balance (side, partner_id, currency_id, balance, base_balance, last_date)
    SELECT side, coalesce(customer_id, supplier_id), currency_id, sum(amount), sum(base_amount), max(posting_date)
    FROM partner_ledger GROUP BY 1, 2, 3`.execute(db);
  await sql`ANALYZE`.execute(db);
  const { rows: n } = await sql<{ n: number; i: number }>`SELECT count(*)::int AS n,
    count(*) FILTER (WHERE entry_type = 2)::int AS i FROM partner_ledger`.execute(db);
  const genMs = performance.now() - t0;
  const { url, token } = await listenAndSignIn(b);
  const get = async (path: string) => {
    const s = performance.now();
    const r = await fetch(url + path, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const body = (await r.json()) as { Code: number; Message: string };
    if (body.Code !== 0) throw new Error(`${path}: ${body.Message}`);
    return performance.now() - s;
  };
  const times = async (paths: () => string, k: number) => {
    for (let i = 0; i < 3; i++) await get(paths()); // warm-up
    const out: number[] = [];
    for (let i = 0; i < k; i++) out.push(await get(paths()));
    return out;
  };
  const { rows: busy } = await sql<{
    p: number;
    n: number;
  }>`SELECT customer_id AS p, count(*)::int AS n FROM partner_ledger
    WHERE customer_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`.execute(db);
  const ageing = await times(() => '/Finance/Ageing?Side=1&As_Of=2026-11-27&PageSize=20', 20);
  const ageingAp = await times(() => '/Finance/Ageing?Side=2&As_Of=2026-11-27&PageSize=20', 20);
  const statement = await times(
    () => `/Finance/Statement?Side=1&Partner_ID=${busy[0].p}&From=2025-11-01&To=2026-11-27&PageSize=50`,
    20,
  );
  let page = 0;
  const list = await times(() => `/PartnerLedger?Side=1&Page=${(page++ % 200) + 1}&PageSize=20`, 200);
  // the ledger list at 200 requests a second for 10 seconds, each timed from when it was due
  const paced: number[] = [];
  let failed = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < 2000; i++) {
    const due = start + i * 5;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const p = `/PartnerLedger?Side=1&Page=${(i % 500) + 1}&PageSize=20`;
    pending.push(
      fetch(url + p, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
        .then((r) => r.json())
        .then(() => void paced.push(performance.now() - due))
        .catch(() => void failed++),
    );
  }
  await Promise.all(pending);
  const lines = [
    `# Finance bench (${new Date().toISOString().slice(0, 16)}Z, PostgreSQL, load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
    '',
    `- data: ${n[0].i} invoices, ${n[0].n} ledger entries, ${CUSTOMERS} customers, ${SUPPLIERS} suppliers (generated in ${(genMs / 1000).toFixed(1)} s)`,
    `- ageing, receivable (${CUSTOMERS} customers): p50 ${ms(pct(ageing, 50))}, max ${ms(Math.max(...ageing))}`,
    `- ageing, payable: p50 ${ms(pct(ageingAp, 50))}, max ${ms(Math.max(...ageingAp))}`,
    `- statement of the busiest customer (${busy[0].n} entries, a year): p50 ${ms(pct(statement, 50))}, max ${ms(Math.max(...statement))}`,
    `- paged ledger list, one at a time (200 pages): p50 ${ms(pct(list, 50))}, p99 ${ms(pct(list, 99))}`,
    `- paged ledger list at 200 req/s for 10 s: p50 ${ms(pct(paced, 50))}, p99 ${ms(pct(paced, 99))}, ${paced.length} answered, ${failed} failed (connection reset)`,
  ];
  console.log(lines.join('\n'));
  writeFileSync(join(import.meta.dirname, 'results', 'finance.md'), `${lines.join('\n')}\n`);
  await b.running.close();
  await b.raw.close().catch(() => undefined);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
