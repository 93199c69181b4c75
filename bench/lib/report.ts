import type { GenerateResult } from './generate';
import type { HttpResult, PostingResult } from './loadWorker';
import type { QueryCount } from './phases';
import type { Latency } from './prng';
import { type Fingerprint, isClean, type Violations } from './verify';

export interface ReadBench {
  queries: QueryCount;
  /** The statement the API sent for the data, timed on its own straight on the database. */
  rawSql: Latency;
  /** The API, one request at a time. */
  api: HttpResult;
}

export type PostingPhase = PostingResult & {
  writers: number;
  /** Statements sent per document (what the phase timed: sessions and grants included). */
  statementsPerPosting: number;
  /** Write-ahead log written by the timed part, per posting (KB); null where it cannot be read. */
  walKBPerPosting: number | null;
  ledgerRowsBefore: number;
  ledgerRowsAfter: number;
  approvedDocs: number;
  approvedLines: number;
  noneLost: boolean;
  invariantsAfter: Violations;
};

export interface BackendRun {
  backend: 'pglite' | 'postgres';
  generated: GenerateResult;
  invariantsAfterGenerate: Violations;
  fingerprint: Fingerprint;
  ledgerList: ReadBench & { targetRate: number; atRate: HttpResult };
  byMaterial: ReadBench;
  stockBalance: ReadBench;
  /** The ledger page as it opens: unfiltered, newest first. */
  ledgerOpen?: ReadBench;
  /** A trivial statement, one at a time: wall time and server CPU per round trip (µs). */
  roundTrip: { wallUs: number; cpuUs: number };
  /** Each writer saves a document and approves it, then the next. */
  postings: PostingPhase;
  /** Drafts saved first; the writers then only approve them. */
  approvals: PostingPhase;
  /** Drafts saved first, then approved at an offered rate (PostingResult.offered). */
  paced?: PostingPhase;
  /** One-minute load average of the machine when each phase ended (2 shared cores). */
  loadAverage: Record<string, number>;
}

const ms = (l: Latency) => `${l.p50} / ${l.p95} / ${l.p99}`;
const inv = (v: Violations) =>
  isClean(v)
    ? 'all hold'
    : Object.entries(v)
        .filter(([, n]) => n)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ');

/** Rows of the side-by-side table: what, the target, then one cell per backend. */
export function tableRows(runs: BackendRun[]): string[][] {
  const row = (what: string, target: string, cell: (r: BackendRun) => string | number) => [
    what,
    target,
    ...runs.map((r) => String(cell(r))),
  ];
  const phaseChecks = (of: (r: BackendRun) => PostingPhase) => [
    row('  postings / refused', '', (r) => `${of(r).postings} / ${of(r).failed}`),
    row('  none lost (ledger rows added = lines approved)', 'yes', (r) => {
      const p = of(r);
      const added = p.ledgerRowsAfter - p.ledgerRowsBefore;
      return p.noneLost ? `yes (${added})` : `NO: +${added} rows, ${p.approvedLines} lines`;
    }),
    row('  invariants afterwards', 'all hold', (r) => inv(of(r).invariantsAfter)),
  ];
  return [
    [
      '',
      'target (PostgreSQL, 2 cores)',
      ...runs.map((r) => (r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL')),
    ],
    row('ledger rows generated', '1,000,000', (r) => r.generated.rows.toLocaleString('en')),
    row('generation (s)', '', (r) => (r.generated.ms / 1000).toFixed(1)),
    row('invariants after generation', 'all hold', (r) => inv(r.invariantsAfterGenerate)),
    row(
      'ledger list: req/s reached',
      `${runs[0]?.ledgerList.targetRate ?? 500} offered`,
      (r) => r.ledgerList.atRate.rps,
    ),
    row('ledger list at rate: p50 / p95 / p99 ms', 'p99 < 50', (r) => ms(r.ledgerList.atRate.latency)),
    row('ledger list: failed requests', '0', (r) => r.ledgerList.atRate.failed),
    row('ledger list: SQL statements per request', '≤ 3', (r) => r.ledgerList.queries.perRequest),
    row('ledger list, 1 at a time: API p50 / p95 / p99 ms', '', (r) => ms(r.ledgerList.api.latency)),
    row('ledger list, same SQL raw: p50 / p95 / p99 ms', '', (r) => ms(r.ledgerList.rawSql)),
    row('/StockReport/ByMaterial: p50 / p95 / p99 ms', '< 300', (r) => ms(r.byMaterial.api.latency)),
    row('  same SQL raw: p50 / p95 / p99 ms', '', (r) => ms(r.byMaterial.rawSql)),
    row('  SQL statements per request', '', (r) => r.byMaterial.queries.perRequest),
    row('/StockBalance: p50 / p95 / p99 ms', '< 300', (r) => ms(r.stockBalance.api.latency)),
    row('  same SQL raw: p50 / p95 / p99 ms', '', (r) => ms(r.stockBalance.rawSql)),
    row('  SQL statements per request', '', (r) => r.stockBalance.queries.perRequest),
    row('ledger page unfiltered: p50 / p95 / p99 ms', '', (r) =>
      r.ledgerOpen ? ms(r.ledgerOpen.api.latency) : '–',
    ),
    row('  same SQL raw: p50 / p95 / p99 ms', '', (r) => (r.ledgerOpen ? ms(r.ledgerOpen.rawSql) : '–')),
    row(
      'one round trip (SELECT 1): wall / server CPU µs',
      '',
      (r) => `${r.roundTrip.wallUs} / ${r.roundTrip.cpuUs}`,
    ),
    row('saving and posting, 20 writers: postings/s', '≥ 300', (r) => r.postings.postingsPerSec),
    row('  posting (approve, 20 lines): p50 / p95 / p99 ms', '', (r) => ms(r.postings.approve)),
    row('  saving the draft: p50 / p95 / p99 ms', '', (r) => ms(r.postings.create)),
    row('  save + approve: p50 / p95 / p99 ms', '', (r) => ms(r.postings.total)),
    row('  SQL statements per document (save + approve)', '', (r) => r.postings.statementsPerPosting),
    ...phaseChecks((r) => r.postings),
    row('posting saved drafts, 20 writers: postings/s', '≥ 300', (r) => r.approvals.postingsPerSec),
    row('  posting (approve, 20 lines): p50 / p95 / p99 ms', '', (r) => ms(r.approvals.approve)),
    row('  drafts saved beforehand (s)', '', (r) =>
      r.approvals.drafts ? `${r.approvals.drafts.saved} (${r.approvals.drafts.seconds} s)` : '',
    ),
    ...phaseChecks((r) => r.approvals),
    row(
      `posting saved drafts at ${runs[0]?.paced?.offered ?? 300}/s offered, 20 writers: postings/s`,
      `${runs[0]?.paced?.offered ?? 300}`,
      (r) => r.paced?.postingsPerSec ?? '',
    ),
    row('  from when due: p50 / p95 / p99 ms', 'p95 < 50', (r) => (r.paced ? ms(r.paced.total) : '')),
    row('  from when sent: p50 / p95 / p99 ms', '', (r) => (r.paced ? ms(r.paced.approve) : '')),
    row('  p95 from when due, each 10 s (ms)', '', (r) => r.paced?.byTenSeconds?.join(' · ') ?? ''),
    row('  write-ahead log per posting (KB)', '', (r) => r.paced?.walKBPerPosting ?? '–'),
    ...(runs.every((r) => r.paced) ? phaseChecks((r) => r.paced as PostingPhase) : []),
    row('load average (1 min) during the run', '', (r) => Object.values(r.loadAverage).join(' → ')),
  ];
}

export function consoleTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  │ ')).join('\n');
}

export function markdownTable(rows: string[][]): string {
  const line = (r: string[]) => `| ${r.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

/** Where the ledger list's statements come from, per backend. */
export function breakdownLines(runs: BackendRun[]): string[] {
  return runs.map(
    (r) =>
      `${r.backend}: ${Object.entries(r.ledgerList.queries.breakdown)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')}`,
  );
}
